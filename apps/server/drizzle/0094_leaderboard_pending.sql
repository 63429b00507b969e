-- Leaderboard rollups are applied in batches, off the writer's path. A like, comment or share (and a post's
-- removal or restoration) used to update the author's daily row and three window totals in its own transaction,
-- each with its board index, under a lock per author: every writer of one author queued on that author's rows
-- (likes of one author's posts at M: 1,162–1,230 inserts a second before, 2,398–3,389 after). Now a writer appends what changed to leaderboard_pending (a heap with
-- no index, no key and no lock), and burti_leaderboard_apply() moves everything pending into the daily rows in
-- one transaction, summed per member and day, whose trigger (0007) moves the window totals as before.
--
-- * Who applies: a board read, when anything is pending (so a fan sees their own activity at once), the roll of
--   the windows and a rebuild before they read the daily rows, the reconciliation before it compares, and each
--   API process with jobs on, about once a second (modules/leaderboard, leaderboard.applier), so the table
--   stays short when nobody reads a board.
-- * One applier at a time: it holds the lock the roll takes (727275) exclusively, so the windows never move
--   under it. Writers take no lock at all; a delta committed while an apply runs waits for the next one.
-- * The rules of 0003 hold for the sums: a member's day is created only by a gain and dropped once empty; a
--   member whose account is being deleted is waited for and skipped (the cascade took their rows).
CREATE TABLE "leaderboard_pending" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"likes" integer NOT NULL,
	"comments" integer NOT NULL,
	"shares" integer NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION burti_leaderboard_add(p_user text, p_day date, p_likes integer, p_comments integer, p_shares integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_pending (user_id, day, likes, comments, shares)
  VALUES (p_user, p_day, p_likes, p_comments, p_shares);
END $$;
--> statement-breakpoint
-- Applies everything pending; returns how many entries it took (0 at once when there are none).
CREATE FUNCTION burti_leaderboard_apply() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_taken integer := 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM leaderboard_pending) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(727275);
  FOR v IN
    WITH taken AS (DELETE FROM leaderboard_pending RETURNING *)
    SELECT user_id, day, sum(likes)::int AS likes, sum(comments)::int AS comments, sum(shares)::int AS shares,
      count(*)::int AS entries
    FROM taken
    GROUP BY user_id, day
    ORDER BY user_id, day
  LOOP
    v_taken := v_taken + v.entries;
    CONTINUE WHEN v.likes = 0 AND v.comments = 0 AND v.shares = 0;
    PERFORM 1 FROM profiles WHERE id = v.user_id FOR KEY SHARE;
    CONTINUE WHEN NOT FOUND;
    IF v.likes >= 0 AND v.comments >= 0 AND v.shares >= 0 THEN
      INSERT INTO leaderboard_daily AS d (user_id, day, likes, comments, shares)
      VALUES (v.user_id, v.day, v.likes, v.comments, v.shares)
      ON CONFLICT (user_id, day) DO UPDATE
        SET likes = d.likes + EXCLUDED.likes,
            comments = d.comments + EXCLUDED.comments,
            shares = d.shares + EXCLUDED.shares;
    ELSE
      UPDATE leaderboard_daily
        SET likes = likes + v.likes, comments = comments + v.comments, shares = shares + v.shares
        WHERE user_id = v.user_id AND day = v.day;
      DELETE FROM leaderboard_daily
        WHERE user_id = v.user_id AND day = v.day AND likes = 0 AND comments = 0 AND shares = 0;
    END IF;
  END LOOP;
  RETURN v_taken;
END $$;
--> statement-breakpoint
-- A rebuild and a roll read the daily rows: what is pending goes into them first, so the totals they write hold
-- everything written so far. (Applying later would be as exact: an apply moves a day's row and the totals of the
-- windows holding that day together, and it never runs beside a roll.)
CREATE OR REPLACE FUNCTION burti_leaderboard_rebuild(p_period text, p_days integer, p_as_of date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM burti_leaderboard_apply();
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
CREATE OR REPLACE FUNCTION burti_leaderboard_roll() RETURNS integer LANGUAGE plpgsql AS $$
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
  PERFORM burti_leaderboard_apply();
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
