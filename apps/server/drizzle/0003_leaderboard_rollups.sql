-- Leaderboard rollups: leaderboard_daily(user_id, day) holds what a member's live posts received from other
-- users on each UTC day (likes, comments with replies, shares). Like the counters, it is kept by the database in
-- the transaction of the row that changes it, so a board is a range sum over a few rows per member and stays
-- exact under concurrency, soft deletes and cascading deletes. reconcileLeaderboard() (modules/leaderboard)
-- recomputes it from the source rows to prove it.
--
-- Rules:
-- * a like, comment or share counts for the post's author on the day of its own created_at (UTC), unless the
--   actor is the author, and only while the post is live (deleted_at is null);
-- * soft-deleting a post takes back everything it had received (and restoring it would give it back);
-- * a hard-deleted post takes its contributions back BEFORE the delete, because the cascade removes its likes,
--   comments and shares afterwards, when the post row is already gone (their triggers then find no post and
--   do nothing);
-- * administrator blocks are applied when a board is read, not here.

-- Adds (or, with negative amounts, removes) activity on one member's day. Removal only updates an existing
-- row and drops it once empty: during a cascading account deletion the member's rows may already be gone, and
-- an insert would then point at a profile that no longer exists.
CREATE FUNCTION burti_leaderboard_add(p_user text, p_day date, p_likes integer, p_comments integer, p_shares integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_likes >= 0 AND p_comments >= 0 AND p_shares >= 0 THEN
    INSERT INTO leaderboard_daily AS d (user_id, day, likes, comments, shares)
    VALUES (p_user, p_day, p_likes, p_comments, p_shares)
    ON CONFLICT (user_id, day) DO UPDATE
      SET likes = d.likes + EXCLUDED.likes,
          comments = d.comments + EXCLUDED.comments,
          shares = d.shares + EXCLUDED.shares;
  ELSE
    UPDATE leaderboard_daily
      SET likes = likes + p_likes, comments = comments + p_comments, shares = shares + p_shares
      WHERE user_id = p_user AND day = p_day;
    DELETE FROM leaderboard_daily
      WHERE user_id = p_user AND day = p_day AND likes = 0 AND comments = 0 AND shares = 0;
  END IF;
END $$;
--> statement-breakpoint
-- The author of a live post, or null (post deleted, soft-deleted, or being removed by a cascade). The row lock
-- makes a concurrent soft delete wait for this transaction (or this one wait for it), so the two never miss
-- each other.
CREATE FUNCTION burti_leaderboard_live_author(p_post uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_author text;
BEGIN
  SELECT author_id INTO v_author FROM posts WHERE id = p_post AND deleted_at IS NULL FOR SHARE;
  RETURN v_author;
END $$;
--> statement-breakpoint
CREATE FUNCTION burti_leaderboard_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
  v_actor text;
  v_author text;
  v_sign integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_row := NEW;
    v_sign := 1;
  ELSE
    v_row := OLD;
    v_sign := -1;
  END IF;
  -- A record's fields are looked up when a statement runs, so each table's actor column is read in its own branch.
  IF TG_TABLE_NAME = 'comments' THEN
    v_actor := v_row.author_id;
  ELSE
    v_actor := v_row.user_id;
  END IF;
  v_author := burti_leaderboard_live_author(v_row.post_id);
  IF v_author IS NULL OR v_author = v_actor THEN
    RETURN NULL;
  END IF;
  PERFORM burti_leaderboard_add(
    v_author,
    (v_row.created_at AT TIME ZONE 'UTC')::date,
    CASE WHEN TG_TABLE_NAME = 'likes' THEN v_sign ELSE 0 END,
    CASE WHEN TG_TABLE_NAME = 'comments' THEN v_sign ELSE 0 END,
    CASE WHEN TG_TABLE_NAME = 'shares' THEN v_sign ELSE 0 END
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER likes_leaderboard AFTER INSERT OR DELETE ON likes
  FOR EACH ROW EXECUTE FUNCTION burti_leaderboard_activity();
--> statement-breakpoint
CREATE TRIGGER comments_leaderboard AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION burti_leaderboard_activity();
--> statement-breakpoint
CREATE TRIGGER shares_leaderboard AFTER INSERT OR DELETE ON shares
  FOR EACH ROW EXECUTE FUNCTION burti_leaderboard_activity();
--> statement-breakpoint
-- Everything one post received from others, by day, added with the given sign (+1 restore, -1 take back).
CREATE FUNCTION burti_leaderboard_post(p_post uuid, p_author text, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  FOR v IN
    SELECT a.day, sum(a.l)::int AS likes, sum(a.c)::int AS comments, sum(a.s)::int AS shares
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS l, 0 AS c, 0 AS s
        FROM likes WHERE post_id = p_post AND user_id <> p_author
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 1, 0
        FROM comments WHERE post_id = p_post AND author_id <> p_author
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 1
        FROM shares WHERE post_id = p_post AND user_id <> p_author
    ) a
    GROUP BY a.day
    -- One order for every writer of a member's days, so two soft deletes of one author cannot deadlock.
    ORDER BY a.day
  LOOP
    PERFORM burti_leaderboard_add(p_author, v.day, p_sign * v.likes, p_sign * v.comments, p_sign * v.shares);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION burti_leaderboard_post_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.deleted_at IS NULL THEN
      PERFORM burti_leaderboard_post(OLD.id, OLD.author_id, -1);
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM burti_leaderboard_post(OLD.id, OLD.author_id, -1);
  ELSIF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN
    PERFORM burti_leaderboard_post(NEW.id, NEW.author_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- BEFORE DELETE: the post's likes, comments and shares still exist here; the cascade removes them afterwards.
CREATE TRIGGER posts_leaderboard_delete BEFORE DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION burti_leaderboard_post_state();
--> statement-breakpoint
CREATE TRIGGER posts_leaderboard_soft_delete AFTER UPDATE OF deleted_at ON posts
  FOR EACH ROW EXECUTE FUNCTION burti_leaderboard_post_state();
