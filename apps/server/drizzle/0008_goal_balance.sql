-- A fan's $GOAL balance, kept beside the profile by the database from the ledger (the ledger stays the record:
-- the balance is its sum, maintained in the same transaction as each ledger row, never written by the app). The
-- leaderboard shows fifty balances an answer; summing the ledger for each was most of its cost.
ALTER TABLE "profiles" ADD COLUMN "goal_balance" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE profiles p SET goal_balance = s.total
FROM (SELECT user_id, sum(amount)::int AS total FROM goal_ledger GROUP BY user_id) s
WHERE s.user_id = p.id;
--> statement-breakpoint
CREATE FUNCTION burti_goal_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE profiles SET goal_balance = goal_balance + NEW.amount WHERE id = NEW.user_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE profiles SET goal_balance = goal_balance - OLD.amount WHERE id = OLD.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER goal_ledger_balance AFTER INSERT OR UPDATE OF user_id, amount OR DELETE ON goal_ledger
  FOR EACH ROW EXECUTE FUNCTION burti_goal_balance();
