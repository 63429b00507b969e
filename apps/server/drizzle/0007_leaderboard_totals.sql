-- Leaderboard totals: each member's sums over the 7-day, 30-day and all-time windows, keyed by the club whose
-- board they are on, so a board is the first 50 entries of one index and never a sum at request time.
--
-- * leaderboard_daily (0003) stays the source: what a member's live posts received from others per UTC day.
-- * Every change to a daily row is applied to the totals of the windows that contain that day, in the same
--   transaction (a trigger on leaderboard_daily), so totals stay exact under concurrency, soft and cascading deletes.
-- * A window ends at its clock's `as_of` day. When a new UTC day starts, burti_leaderboard_roll() moves each clock
--   forward one day at a time: it takes the day that left the window out and puts the new day in, from the daily
--   rows. Readers call it (cheap when the clock is current); activity on a day after `as_of` waits in the daily
--   rows until the roll adds it. An advisory lock orders the roll against concurrent activity.
-- * club_id follows the member's primary club; first_post_at (the tie-break) follows their earliest live post.
CREATE TABLE "leaderboard_totals" (
	"period" text NOT NULL,
	"user_id" text NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
	"club_id" integer REFERENCES "clubs"("id") ON DELETE SET NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	-- LEADERBOARD_POINTS in packages/shared: like 1, comment 2, share 3.
	"score" integer GENERATED ALWAYS AS ("likes" + "comments" * 2 + "shares" * 3) STORED,
	"first_post_at" timestamp with time zone,
	CONSTRAINT "leaderboard_totals_pk" PRIMARY KEY ("period", "user_id"),
	CONSTRAINT "leaderboard_totals_period_check" CHECK ("period" IN ('7d', '30d', 'all'))
);
--> statement-breakpoint
-- The board's order, covering: the top 50 of a club is an index-only walk of its first entries.
CREATE INDEX "leaderboard_totals_board_idx" ON "leaderboard_totals" USING btree
	("club_id", "period", "score" DESC, "first_post_at" ASC NULLS LAST, "user_id")
	INCLUDE ("likes", "comments", "shares") WHERE "score" > 0;
--> statement-breakpoint
CREATE INDEX "leaderboard_totals_user_idx" ON "leaderboard_totals" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "leaderboard_clock" (
	"period" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"as_of" date NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION burti_leaderboard_first_post(p_user text) RETURNS timestamp with time zone LANGUAGE sql STABLE AS $$
  SELECT min(created_at) FROM posts WHERE author_id = p_user AND deleted_at IS NULL
$$;
--> statement-breakpoint
-- Adds to one window total of a member. The row usually exists, so the update comes first; a new row is made
-- only for a gain (a removal during a cascading account deletion must not recreate a row for a leaving profile).
CREATE FUNCTION burti_leaderboard_total(p_period text, p_user text, p_likes integer, p_comments integer, p_shares integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leaderboard_totals
    SET likes = likes + p_likes, comments = comments + p_comments, shares = shares + p_shares
    WHERE period = p_period AND user_id = p_user;
  IF NOT FOUND AND p_likes >= 0 AND p_comments >= 0 AND p_shares >= 0 THEN
    INSERT INTO leaderboard_totals AS t (period, user_id, club_id, likes, comments, shares, first_post_at)
    SELECT p_period, p_user, p.primary_club_id, p_likes, p_comments, p_shares, burti_leaderboard_first_post(p_user)
    FROM profiles p WHERE p.id = p_user
    ON CONFLICT (period, user_id) DO UPDATE
      SET likes = t.likes + EXCLUDED.likes, comments = t.comments + EXCLUDED.comments, shares = t.shares + EXCLUDED.shares;
  END IF;
END $$;
--> statement-breakpoint
-- One member's rollups change one writer at a time: an activity (daily row, then totals) and a post's removal
-- (several days, each with its totals) would otherwise take the same rows in opposite orders and deadlock. The
-- lock is taken before any row of the member is touched, in the one function every writer goes through.
CREATE OR REPLACE FUNCTION burti_leaderboard_add(p_user text, p_day date, p_likes integer, p_comments integer, p_shares integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727276, hashtext(p_user));
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
-- Every change of a daily row, whoever makes it, moves the totals of the windows that hold its day. A profile
-- being deleted is skipped: its totals go with it (and a row of it must not be touched mid-cascade).
CREATE FUNCTION burti_leaderboard_daily_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  v_day date := CASE WHEN TG_OP = 'DELETE' THEN OLD.day ELSE NEW.day END;
  v_likes integer := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.likes END - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.likes END;
  v_comments integer := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.comments END - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.comments END;
  v_shares integer := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.shares END - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.shares END;
  v_clock record;
BEGIN
  IF v_likes = 0 AND v_comments = 0 AND v_shares = 0 THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM profiles WHERE id = v_user) THEN
    RETURN NULL;
  END IF;
  -- Shared: many writers at once; the roll takes it exclusively, so no writer sees a clock move under it.
  PERFORM pg_advisory_xact_lock_shared(727275);
  PERFORM burti_leaderboard_total('all', v_user, v_likes, v_comments, v_shares);
  FOR v_clock IN SELECT period, days, as_of FROM leaderboard_clock LOOP
    IF v_day BETWEEN v_clock.as_of - (v_clock.days - 1) AND v_clock.as_of THEN
      PERFORM burti_leaderboard_total(v_clock.period, v_user, v_likes, v_comments, v_shares);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leaderboard_daily_totals AFTER INSERT OR UPDATE OR DELETE ON leaderboard_daily
  FOR EACH ROW EXECUTE FUNCTION burti_leaderboard_daily_change();
--> statement-breakpoint
-- Totals of one window recomputed from the daily rows (the first fill, or a clock that fell a whole window behind).
CREATE FUNCTION burti_leaderboard_rebuild(p_period text, p_days integer, p_as_of date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM leaderboard_totals WHERE period = p_period;
  INSERT INTO leaderboard_totals (period, user_id, club_id, likes, comments, shares, first_post_at)
  SELECT p_period, s.user_id, p.primary_club_id, s.likes, s.comments, s.shares, f.first_post_at
  FROM (
    SELECT d.user_id, sum(d.likes)::int AS likes, sum(d.comments)::int AS comments, sum(d.shares)::int AS shares
    FROM leaderboard_daily d
    WHERE p_days IS NULL OR d.day BETWEEN p_as_of - (p_days - 1) AND p_as_of
    GROUP BY d.user_id
  ) s
  JOIN profiles p ON p.id = s.user_id
  LEFT JOIN (
    SELECT author_id, min(created_at) AS first_post_at FROM posts WHERE deleted_at IS NULL GROUP BY author_id
  ) f ON f.author_id = s.user_id;
END $$;
--> statement-breakpoint
-- Moves every window's clock to today (UTC). Returns the number of days moved; 0 when already current.
CREATE FUNCTION burti_leaderboard_roll() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_today date := (now() AT TIME ZONE 'UTC')::date;
  v_clock record;
  v_moved integer := 0;
  v_day date;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM leaderboard_clock WHERE as_of < v_today) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(727275);
  FOR v_clock IN SELECT period, days, as_of FROM leaderboard_clock WHERE as_of < v_today FOR UPDATE LOOP
    IF v_today - v_clock.as_of >= v_clock.days THEN
      PERFORM burti_leaderboard_rebuild(v_clock.period, v_clock.days, v_today);
      v_moved := v_moved + (v_today - v_clock.as_of);
    ELSE
      v_day := v_clock.as_of;
      WHILE v_day < v_today LOOP
        -- The day leaving the window comes out, the next day comes in.
        UPDATE leaderboard_totals t
          SET likes = t.likes - d.likes, comments = t.comments - d.comments, shares = t.shares - d.shares
          FROM leaderboard_daily d
          WHERE t.period = v_clock.period AND t.user_id = d.user_id AND d.day = v_day - (v_clock.days - 1);
        INSERT INTO leaderboard_totals AS t (period, user_id, club_id, likes, comments, shares, first_post_at)
          SELECT v_clock.period, d.user_id, p.primary_club_id, d.likes, d.comments, d.shares,
            burti_leaderboard_first_post(d.user_id)
          FROM leaderboard_daily d JOIN profiles p ON p.id = d.user_id
          WHERE d.day = v_day + 1
          ON CONFLICT (period, user_id) DO UPDATE
            SET likes = t.likes + EXCLUDED.likes, comments = t.comments + EXCLUDED.comments,
                shares = t.shares + EXCLUDED.shares;
        v_day := v_day + 1;
        v_moved := v_moved + 1;
      END LOOP;
    END IF;
    UPDATE leaderboard_clock SET as_of = v_today WHERE period = v_clock.period;
  END LOOP;
  -- Members with nothing left in a window leave it.
  DELETE FROM leaderboard_totals WHERE period <> 'all' AND likes = 0 AND comments = 0 AND shares = 0;
  RETURN v_moved;
END $$;
--> statement-breakpoint
-- A member who changes club takes their totals to the new club's board.
CREATE FUNCTION burti_leaderboard_member_club() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leaderboard_totals SET club_id = NEW.primary_club_id WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_leaderboard_club AFTER UPDATE OF primary_club_id ON profiles
  FOR EACH ROW WHEN (OLD.primary_club_id IS DISTINCT FROM NEW.primary_club_id)
  EXECUTE FUNCTION burti_leaderboard_member_club();
--> statement-breakpoint
-- The tie-break follows the member's earliest live post; only a change that can move it recomputes it.
CREATE FUNCTION burti_leaderboard_first_post_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_author text := CASE WHEN TG_OP = 'DELETE' THEN OLD.author_id ELSE NEW.author_id END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE leaderboard_totals SET first_post_at = NEW.created_at
      WHERE user_id = NEW.author_id AND (first_post_at IS NULL OR first_post_at > NEW.created_at);
  ELSE
    UPDATE leaderboard_totals SET first_post_at = burti_leaderboard_first_post(v_author)
      WHERE user_id = v_author AND first_post_at IS DISTINCT FROM burti_leaderboard_first_post(v_author);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Named to fire after posts_leaderboard_soft_delete (triggers fire by name), so a removal takes the member's daily
-- rows before their totals, in the same order as every other writer.
CREATE TRIGGER posts_leaderboard_tiebreak_insert AFTER INSERT ON posts
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION burti_leaderboard_first_post_change();
--> statement-breakpoint
CREATE TRIGGER posts_leaderboard_tiebreak_update AFTER UPDATE OF deleted_at, created_at ON posts
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION burti_leaderboard_first_post_change();
--> statement-breakpoint
CREATE TRIGGER posts_leaderboard_tiebreak_delete AFTER DELETE ON posts
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL) EXECUTE FUNCTION burti_leaderboard_first_post_change();
--> statement-breakpoint
-- The windows, as of today, filled from the rollups that exist.
INSERT INTO leaderboard_clock (period, days, as_of) VALUES
	('7d', 7, (now() AT TIME ZONE 'UTC')::date),
	('30d', 30, (now() AT TIME ZONE 'UTC')::date);
--> statement-breakpoint
SELECT burti_leaderboard_rebuild('all', NULL, NULL);
--> statement-breakpoint
SELECT burti_leaderboard_rebuild('7d', 7, (now() AT TIME ZONE 'UTC')::date);
--> statement-breakpoint
SELECT burti_leaderboard_rebuild('30d', 30, (now() AT TIME ZONE 'UTC')::date);
