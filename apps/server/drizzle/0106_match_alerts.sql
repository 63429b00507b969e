-- Match alerts (decision 022): a fan opts in per club (every match of it) and per match, and may mute one match
-- (the mute wins over the club). Each alerting event is recorded once by its key, and each fan gets it once: the
-- delivery ledger's primary key (event_key, user_id) makes a repeated event, a re-applied sync or a retried job
-- insert nothing.
CREATE TABLE match_alert_clubs (
  user_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  club_id integer NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, club_id)
);--> statement-breakpoint
CREATE INDEX match_alert_clubs_club_idx ON match_alert_clubs (club_id, user_id);--> statement-breakpoint
CREATE TABLE match_alert_settings (
  user_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  fixture_id uuid NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
  mode text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, fixture_id),
  CONSTRAINT match_alert_settings_mode_check CHECK (mode IN ('on', 'muted'))
);--> statement-breakpoint
CREATE INDEX match_alert_settings_fixture_idx ON match_alert_settings (fixture_id, mode);--> statement-breakpoint
CREATE TABLE match_alert_events (
  key text PRIMARY KEY,
  fixture_id uuid NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
  kind text NOT NULL,
  -- The match event behind a goal or red card (own_goal, penalty_goal, second_yellow…), for the words.
  event_kind text,
  side text,
  player text,
  minute integer,
  added_minute integer,
  score_home integer,
  score_away integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT match_alert_events_kind_check CHECK (kind IN ('kick_off', 'goal', 'red_card', 'full_time')),
  CONSTRAINT match_alert_events_side_check CHECK (side IS NULL OR side IN ('home', 'away'))
);--> statement-breakpoint
CREATE INDEX match_alert_events_fixture_idx ON match_alert_events (fixture_id);--> statement-breakpoint
CREATE TABLE match_alert_deliveries (
  event_key text NOT NULL REFERENCES match_alert_events (key) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  spoiler boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_key, user_id)
);--> statement-breakpoint
CREATE INDEX match_alert_deliveries_user_idx ON match_alert_deliveries (user_id);
