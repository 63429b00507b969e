-- Football data providers (decision 022): one row per provider, shared by every instance. It keeps the request
-- budget of the current minute and UTC day (taken one request at a time by a conditional UPDATE, so instances
-- never overspend together), the back-off a 429 or an outage asked for, which instance's turn it is to sync the
-- fixture lists and the live matches, and what the admin screen shows: the last sync and the last errors.
CREATE TABLE provider_status (
  provider text PRIMARY KEY,
  minute_start timestamptz NOT NULL DEFAULT 'epoch',
  minute_used integer NOT NULL DEFAULT 0,
  day_start date NOT NULL DEFAULT '1970-01-01',
  day_used integer NOT NULL DEFAULT 0,
  -- No request before this (a 429's Retry-After, an outage's growing pause, the provider's own counter reset).
  backoff_until timestamptz,
  -- Outages in a row: each doubles the pause, up to five minutes.
  failures integer NOT NULL DEFAULT 0,
  -- What the provider's headers said is left of its own limits, last heard.
  quota_minute_remaining integer,
  quota_day_remaining integer,
  -- The last answer that was read and written.
  last_success_at timestamptz,
  last_lists_at timestamptz,
  last_live_at timestamptz,
  -- The next turn of each sync; the instance that moves it forward runs that turn.
  next_lists_at timestamptz NOT NULL DEFAULT 'epoch',
  next_live_at timestamptz NOT NULL DEFAULT 'epoch',
  -- The newest errors first, at most ten: [{ "at", "kind", "message" }].
  errors jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT provider_status_provider_check CHECK (provider IN ('football-data', 'api-football'))
);
