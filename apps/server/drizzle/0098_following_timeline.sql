-- The Following feed reads a timeline written when a followed fan posts or shares, instead of merging every
-- followed fan's posts and shares at read time. The merge walked one index per followed fan (and their shares,
-- each with its post and author) to find a page of 20: 1.28 ms of PostgreSQL a page at M against the global
-- feed's 0.74. A timeline page is one index walk like the global feed's.
--
-- A fan's timeline is built when they first open the feed (the newest 100 items), then kept by triggers in the
-- transaction of the row that changes it: a post or a share adds a row for each follower who has a timeline, a
-- follow adds the followed fan's newest items, an unfollow (or a block, which ends the follows) and an unshare
-- take theirs out. Fans who never open the feed cost no rows. `following_timeline_from.at` says from when the
-- timeline is complete: items older than that (deeper pages; all of them while the timeline is being built,
-- `infinity`) are merged at read time as before. The app's pruner cuts a timeline that grew past 200 items back
-- to its newest 100 and moves `at` up. A post deleted or hidden stays in the rows and is left out when read, as
-- the global feed leaves it out. A post's or share's fan-out and a follow or unfollow of its author lock the
-- author's (or sharer's) profile row, so one of the two sees the other's committed rows.
CREATE TABLE "following_timeline" (
	"viewer_id" text NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
	"activity_at" timestamp with time zone NOT NULL,
	"post_id" uuid NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
	-- '' for the post itself, else the fan who shared it.
	"shared_by" text NOT NULL,
	-- The followed fan who brought the item: the author of a post, the sharer of a share.
	"source_id" text NOT NULL,
	PRIMARY KEY ("viewer_id", "activity_at", "post_id", "shared_by")
);
--> statement-breakpoint
CREATE INDEX "following_timeline_post_idx" ON "following_timeline" USING btree ("post_id", "shared_by");
--> statement-breakpoint
-- How many items a timeline is built with, and cut back to once it holds twice as many.
CREATE FUNCTION burti_following_timeline_keep() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 100';
--> statement-breakpoint
CREATE TABLE "following_timeline_from" (
	"viewer_id" text PRIMARY KEY NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The newest `keep` + 1 items of the given fans (live public posts and shares), newest first.
CREATE FUNCTION burti_following_items(p_fans text[], p_keep integer)
  RETURNS TABLE (activity_at timestamptz, post_id uuid, shared_by text, source_id text) LANGUAGE sql STABLE AS $$
  SELECT i.* FROM unnest(p_fans) AS fan(id), LATERAL (
    (SELECT p.created_at, p.id, ''::text, fan.id FROM posts p
      WHERE p.author_id = fan.id AND p.deleted_at IS NULL AND p.visibility = 'public'
      ORDER BY p.created_at DESC, p.id DESC LIMIT p_keep + 1)
    UNION ALL
    (SELECT s.created_at, s.post_id, fan.id, fan.id FROM shares s
      WHERE s.user_id = fan.id ORDER BY s.created_at DESC, s.post_id DESC LIMIT p_keep + 1)
  ) i
  ORDER BY 1 DESC, 2 DESC, 3 DESC
  LIMIT p_keep + 1;
$$;
--> statement-breakpoint
-- Adds the newest `keep` items of `fans` since the viewer's `at` to the viewer's timeline. When there were more,
-- the timeline is complete only from just after the first one left out: `at` moves up to there.
CREATE FUNCTION burti_following_timeline_add(p_viewer text, p_fans text[], p_keep integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := (SELECT at FROM following_timeline_from WHERE viewer_id = p_viewer);
  v_cut timestamptz;
BEGIN
  IF v_from IS NULL OR v_from = 'infinity' THEN
    RETURN;
  END IF;
  WITH items AS (
    SELECT * FROM burti_following_items(p_fans, p_keep) i WHERE i.activity_at >= v_from
  ), added AS (
    INSERT INTO following_timeline (viewer_id, activity_at, post_id, shared_by, source_id)
      SELECT p_viewer, i.activity_at, i.post_id, i.shared_by, i.source_id FROM items i
      ORDER BY i.activity_at DESC, i.post_id DESC, i.shared_by DESC LIMIT p_keep
      ON CONFLICT DO NOTHING
  )
  SELECT i.activity_at INTO v_cut FROM items i
    ORDER BY i.activity_at DESC, i.post_id DESC, i.shared_by DESC OFFSET p_keep LIMIT 1;
  IF v_cut IS NOT NULL THEN
    UPDATE following_timeline_from SET at = greatest(at, v_cut + interval '1 microsecond') WHERE viewer_id = p_viewer;
  END IF;
END $$;
--> statement-breakpoint
-- Building a timeline takes two transactions. The first (`open`) marks it: from its commit on, every post and
-- share of a followed fan is written to it. False when it is built already.
CREATE FUNCTION burti_following_timeline_open(p_viewer text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO following_timeline_from (viewer_id, at) VALUES (p_viewer, 'infinity') ON CONFLICT DO NOTHING;
  RETURN FOUND OR EXISTS (SELECT 1 FROM following_timeline_from WHERE viewer_id = p_viewer AND at = 'infinity');
END $$;
--> statement-breakpoint
-- The second (`build`) first waits (up to `p_wait`) until every transaction running when it began has ended: one
-- of them may have written a post without seeing the mark. Then it adds the newest `keep` items of everyone the
-- viewer follows and records from when the timeline is complete. The viewer's profile row is locked first, so a
-- follow or unfollow by the viewer waits for this or is seen by it. False when the wait ran out: the timeline
-- then stays at `infinity` (read by merge) and the next read tries again. Of two builds at once, the one that
-- moves `at` from `infinity` fills it; the other finds it done.
CREATE FUNCTION burti_following_timeline_build(p_viewer text, p_wait interval) RETURNS boolean
  LANGUAGE plpgsql AS $$
DECLARE
  v_began pg_snapshot := pg_current_snapshot();
  v_deadline timestamptz := clock_timestamp() + p_wait;
BEGIN
  WHILE EXISTS (SELECT 1 FROM pg_snapshot_xip(v_began) x WHERE pg_xact_status(x) = 'in progress') LOOP
    IF clock_timestamp() > v_deadline THEN
      RETURN false;
    END IF;
    PERFORM pg_sleep(0.005);
  END LOOP;
  PERFORM 1 FROM profiles WHERE id = p_viewer FOR SHARE;
  UPDATE following_timeline_from SET at = '-infinity' WHERE viewer_id = p_viewer AND at = 'infinity';
  IF FOUND THEN
    PERFORM burti_following_timeline_add(
      p_viewer, ARRAY(SELECT following_id FROM follows WHERE follower_id = p_viewer), burti_following_timeline_keep());
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
-- Cuts the timelines that grew past twice `keep` items back to their newest `keep` (at most `p_viewers` of them
-- a call); each one's `at` moves up to just after the newest item cut. Returns how many rows went.
CREATE FUNCTION burti_following_timeline_prune(p_viewers integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_viewer text;
  v_cut timestamptz;
  v_count integer;
  removed integer := 0;
BEGIN
  FOR v_viewer IN
    SELECT viewer_id FROM following_timeline GROUP BY viewer_id
    HAVING count(*) > 2 * burti_following_timeline_keep() LIMIT p_viewers
  LOOP
    PERFORM 1 FROM following_timeline_from WHERE viewer_id = v_viewer FOR UPDATE;
    v_cut := (SELECT activity_at FROM following_timeline WHERE viewer_id = v_viewer
      ORDER BY activity_at DESC, post_id DESC, shared_by DESC OFFSET burti_following_timeline_keep() LIMIT 1);
    CONTINUE WHEN v_cut IS NULL;
    UPDATE following_timeline_from SET at = greatest(at, v_cut + interval '1 microsecond') WHERE viewer_id = v_viewer;
    DELETE FROM following_timeline WHERE viewer_id = v_viewer AND activity_at <= v_cut;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    removed := removed + v_count;
  END LOOP;
  RETURN removed;
END $$;
--> statement-breakpoint
-- Fires after follows_count, which has locked both profile rows: a follow adds the followed fan's newest items
-- with every post and share committed before it; an unfollow takes them all out.
CREATE FUNCTION burti_follows_timeline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM burti_following_timeline_add(NEW.follower_id, ARRAY[NEW.following_id], burti_following_timeline_keep());
  ELSE
    DELETE FROM following_timeline WHERE viewer_id = OLD.follower_id AND source_id = OLD.following_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER follows_timeline AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION burti_follows_timeline();
--> statement-breakpoint
-- A post's or a share's row for each follower with a timeline (whatever its `at`: one being built must get it).
CREATE FUNCTION burti_timeline_fan_out(p_post uuid, p_by text, p_shared_by text, p_at timestamptz) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO following_timeline (viewer_id, activity_at, post_id, shared_by, source_id)
    SELECT f.follower_id, p_at, p_post, p_shared_by, p_by
    FROM follows f JOIN following_timeline_from t ON t.viewer_id = f.follower_id
    WHERE f.following_id = p_by
    ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- Fires after posts_count, which has locked the author's profile row (as a follow or unfollow of them does).
CREATE FUNCTION burti_posts_timeline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM following_timeline WHERE post_id = NEW.id AND shared_by = '';
  END IF;
  IF NEW.deleted_at IS NULL AND NEW.visibility = 'public' THEN
    PERFORM burti_timeline_fan_out(NEW.id, NEW.author_id, '', NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_timeline AFTER INSERT ON posts FOR EACH ROW
  WHEN (NEW.deleted_at IS NULL AND NEW.visibility = 'public') EXECUTE FUNCTION burti_posts_timeline();
--> statement-breakpoint
-- A post's time moved (an import setting the time it really happened): its rows move with it.
CREATE TRIGGER posts_timeline_moved AFTER UPDATE OF created_at ON posts FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION burti_posts_timeline();
--> statement-breakpoint
-- The sharer's profile row is locked first, as a follow or unfollow of them locks it.
CREATE FUNCTION burti_shares_timeline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM profiles WHERE id = OLD.user_id FOR NO KEY UPDATE;
    DELETE FROM following_timeline WHERE post_id = OLD.post_id AND shared_by = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM profiles WHERE id = NEW.user_id FOR NO KEY UPDATE;
    PERFORM burti_timeline_fan_out(NEW.post_id, NEW.user_id, NEW.user_id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shares_timeline AFTER INSERT OR DELETE ON shares FOR EACH ROW EXECUTE FUNCTION burti_shares_timeline();
--> statement-breakpoint
CREATE TRIGGER shares_timeline_moved AFTER UPDATE OF created_at ON shares FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION burti_shares_timeline();
