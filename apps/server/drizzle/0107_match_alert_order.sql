-- Match alerts in order (decision 022): each alerting event gets a number in the order it was recorded, and the
-- fan-out marks the events it has sent. A fan-out job sends every event of its match not sent yet, oldest first,
-- so two alerts recorded back to back (kick-off, then a goal a second later) reach each fan in that order,
-- whichever of their jobs runs first.
ALTER TABLE match_alert_events ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
ALTER TABLE match_alert_events ADD COLUMN fanned_out_at timestamptz;--> statement-breakpoint
-- Events recorded before this: those with a delivery, or older than a job's lifetime, are sent; the rest are left to
-- their jobs (the ledger keeps a fan from being told twice).
UPDATE match_alert_events e SET fanned_out_at = e.created_at
  WHERE e.created_at < now() - interval '15 minutes'
    OR EXISTS (SELECT 1 FROM match_alert_deliveries d WHERE d.event_key = e.key);--> statement-breakpoint
CREATE INDEX match_alert_events_pending_idx ON match_alert_events (fixture_id, seq) WHERE fanned_out_at IS NULL;
