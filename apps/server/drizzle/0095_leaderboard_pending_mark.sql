-- Whether a board read must apply pending activity first is read from two numbers, not from leaderboard_pending.
-- The board's statement looked for any row of that table (0094). An apply deletes what it takes, and a heap
-- scan reads every page until vacuum gives them back: after the like runs at M the table held 408 empty pages,
-- and every board read spent 0.6 ms scanning them (the 7-day board's statement 0.3 → 0.9 ms; from four
-- connections 3,361 → 1,846 a second, and 3,124 with this check).
--
-- * Every append draws a number from leaderboard_pending_seq (nextval: no lock beyond the sequence's own page,
--   and no row anyone else writes). An apply notes the last number drawn before it takes the rows, and records it
--   in leaderboard_applied when it is done. A board read applies first when more numbers were drawn than the
--   last apply saw: two one-page reads.
-- * A writer that drew its number before an apply began and committed after the apply took the rows is not
--   flagged; the applier of each process that runs jobs takes its row within about a second (it looks at the
--   table itself, not at the numbers). A fan's own like, committed before their next read, is always flagged.
-- * Dead rows still cost the appliers their scan of the table, once a second rather than on every board read;
--   autovacuum looks at this table after a thousand changed rows instead of a fifth of it.
CREATE SEQUENCE "leaderboard_pending_seq";
--> statement-breakpoint
CREATE TABLE "leaderboard_applied" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"through" bigint NOT NULL,
	CONSTRAINT "leaderboard_applied_one_row" CHECK ("id")
);
--> statement-breakpoint
INSERT INTO "leaderboard_applied" ("id", "through") VALUES (true, 0);
--> statement-breakpoint
ALTER TABLE "leaderboard_pending" SET (
	autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
	autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION burti_leaderboard_add(p_user text, p_day date, p_likes integer, p_comments integer, p_shares integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_pending (user_id, day, likes, comments, shares)
  VALUES (p_user, p_day, p_likes, p_comments, p_shares);
  PERFORM nextval('leaderboard_pending_seq');
END $$;
--> statement-breakpoint
-- The last number an append drew (0 before the first).
CREATE FUNCTION burti_leaderboard_drawn() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM leaderboard_pending_seq
$$;
--> statement-breakpoint
-- Applies everything pending; returns how many entries it took (0 at once when there are none).
CREATE OR REPLACE FUNCTION burti_leaderboard_apply() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v record;
  v_taken integer := 0;
  -- Read before the rows are taken: every append that drew up to here and has committed is among them.
  v_drawn bigint := burti_leaderboard_drawn();
BEGIN
  IF EXISTS (SELECT 1 FROM leaderboard_pending) THEN
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
  END IF;
  -- Also when nothing was there: a number drawn by a writer that rolled back flags nothing after this.
  UPDATE leaderboard_applied SET through = v_drawn WHERE through < v_drawn;
  RETURN v_taken;
END $$;
--> statement-breakpoint
-- What a board read calls: applies only when appends drew numbers the last apply did not see.
CREATE FUNCTION burti_leaderboard_apply_flagged() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF burti_leaderboard_drawn() <= (SELECT through FROM leaderboard_applied) THEN
    RETURN 0;
  END IF;
  RETURN burti_leaderboard_apply();
END $$;
