-- Spoiler mode (decision 022): a fan holds a match "until I've watched"; every answer carrying its score for that
-- fan hides it until they reveal it or MATCH_SPOILER_HOURS pass from the hold.
CREATE TABLE match_spoiler_holds (
  user_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  fixture_id uuid NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, fixture_id)
);--> statement-breakpoint
CREATE INDEX match_spoiler_holds_fixture_idx ON match_spoiler_holds (fixture_id);
