-- Matchday (decision 022): competitions and seasons, teams mapped to clubs, fixtures with their live state, match
-- events, lineups and standings; posts that belong to a match's thread.

CREATE TABLE competitions (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL,
  name_ka text,
  country text NOT NULL,
  kind text NOT NULL DEFAULT 'league',
  -- Null for a competition entered by hand: its table is recomputed from its finished fixtures.
  provider text,
  provider_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT competitions_kind_check CHECK (kind IN ('league', 'cup')),
  CONSTRAINT competitions_provider_check CHECK ((provider IS NULL) = (provider_id IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX competitions_name_idx ON competitions (name);--> statement-breakpoint
CREATE UNIQUE INDEX competitions_provider_idx ON competitions (provider, provider_id) WHERE provider IS NOT NULL;--> statement-breakpoint

CREATE TABLE seasons (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  competition_id integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  label text NOT NULL,
  starts_on date,
  ends_on date,
  created_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX seasons_competition_label_idx ON seasons (competition_id, label);--> statement-breakpoint

CREATE TABLE teams (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL,
  name_ka text,
  short_name text NOT NULL,
  crest_url text,
  -- The Burti club this team is; teams without fans here are allowed.
  club_id integer REFERENCES clubs (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX teams_name_idx ON teams (name);--> statement-breakpoint
CREATE INDEX teams_club_idx ON teams (club_id) WHERE club_id IS NOT NULL;--> statement-breakpoint

-- A team may be known to several providers (and a provider's id names one team).
CREATE TABLE team_provider_ids (
  provider text NOT NULL,
  provider_id text NOT NULL,
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  PRIMARY KEY (provider, provider_id)
);--> statement-breakpoint
CREATE INDEX team_provider_ids_team_idx ON team_provider_ids (team_id);--> statement-breakpoint

CREATE TABLE fixtures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  competition_id integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  season_id integer NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
  round text,
  home_team_id integer NOT NULL REFERENCES teams (id),
  away_team_id integer NOT NULL REFERENCES teams (id),
  kickoff_at timestamptz NOT NULL,
  venue text,
  status text NOT NULL DEFAULT 'scheduled',
  minute integer,
  added_minute integer,
  -- Null until kick-off.
  score_home integer,
  score_away integer,
  ht_home integer,
  ht_away integer,
  et_home integer,
  et_away integer,
  pen_home integer,
  pen_away integer,
  -- When the match ended (full time, a result entered, cancelled or abandoned): the thread closes a while after.
  finished_at timestamptz,
  provider text,
  provider_id text,
  -- An administrator's edit wins over provider updates until released.
  hand_locked boolean NOT NULL DEFAULT false,
  -- Grows with every change: live clients keep the highest they have seen.
  version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fixtures_status_check CHECK (status IN ('scheduled', 'live', 'half_time', 'finished', 'postponed', 'cancelled', 'abandoned')),
  CONSTRAINT fixtures_teams_check CHECK (home_team_id <> away_team_id),
  CONSTRAINT fixtures_score_check CHECK ((score_home IS NULL) = (score_away IS NULL) AND (score_home IS NULL OR (score_home >= 0 AND score_away >= 0))),
  CONSTRAINT fixtures_provider_check CHECK ((provider IS NULL) = (provider_id IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX fixtures_provider_idx ON fixtures (provider, provider_id) WHERE provider IS NOT NULL;--> statement-breakpoint
-- A club's next and last fixtures: a walk by kick-off down each of its teams' two indexes.
CREATE INDEX fixtures_home_kickoff_idx ON fixtures (home_team_id, kickoff_at, id);--> statement-breakpoint
CREATE INDEX fixtures_away_kickoff_idx ON fixtures (away_team_id, kickoff_at, id);--> statement-breakpoint
-- A competition's fixtures by season and kick-off (rounds are shown in that order).
CREATE INDEX fixtures_competition_idx ON fixtures (competition_id, season_id, kickoff_at, id);--> statement-breakpoint
-- The matches on now: what the live poller and the next-match card look for.
CREATE INDEX fixtures_live_idx ON fixtures (kickoff_at) WHERE status IN ('live', 'half_time');--> statement-breakpoint

CREATE TABLE match_events (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  fixture_id uuid NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
  kind text NOT NULL,
  minute integer,
  added_minute integer,
  -- The team of the player named (an own goal counts for the other side).
  side text NOT NULL,
  player text,
  second_player text,
  detail text,
  -- A VAR decision's disallowed goal.
  disallows_event_id bigint REFERENCES match_events (id) ON DELETE SET NULL,
  -- A provider's key of the event, so that a repeated event is one row.
  provider_key text,
  -- Set when a VAR decision disallowed the event (or a provider withdrew it): kept in the timeline, not counted.
  cancelled_at timestamptz,
  created_by text REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT match_events_kind_check CHECK (kind IN ('goal', 'own_goal', 'penalty_goal', 'missed_penalty', 'yellow', 'second_yellow', 'red', 'substitution', 'var')),
  CONSTRAINT match_events_side_check CHECK (side IN ('home', 'away'))
);--> statement-breakpoint
CREATE INDEX match_events_fixture_idx ON match_events (fixture_id, id);--> statement-breakpoint
CREATE UNIQUE INDEX match_events_provider_key_idx ON match_events (fixture_id, provider_key) WHERE provider_key IS NOT NULL;--> statement-breakpoint

CREATE TABLE lineups (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  fixture_id uuid NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
  side text NOT NULL,
  player text NOT NULL,
  number integer,
  position text,
  starter boolean NOT NULL,
  sort_order integer NOT NULL,
  CONSTRAINT lineups_side_check CHECK (side IN ('home', 'away'))
);--> statement-breakpoint
CREATE INDEX lineups_fixture_idx ON lineups (fixture_id, side, sort_order);--> statement-breakpoint

CREATE TABLE standings (
  competition_id integer NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
  season_id integer NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  position integer NOT NULL,
  played integer NOT NULL DEFAULT 0,
  won integer NOT NULL DEFAULT 0,
  drawn integer NOT NULL DEFAULT 0,
  lost integer NOT NULL DEFAULT 0,
  goals_for integer NOT NULL DEFAULT 0,
  goals_against integer NOT NULL DEFAULT 0,
  points integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (season_id, team_id)
);--> statement-breakpoint
CREATE INDEX standings_table_idx ON standings (season_id, position);--> statement-breakpoint

-- Posts of a match's thread: they stay in the club feed too.
ALTER TABLE posts ADD COLUMN match_id uuid REFERENCES fixtures (id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX posts_match_idx ON posts (match_id, created_at DESC, id DESC) WHERE match_id IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint

-- The chip a post of a match thread shows: the match and its teams' short names. A function, like
-- burti_mention_view (0092), so that lists of posts pay nothing for posts without a match (STRICT).
CREATE FUNCTION burti_match_chip(p_match uuid) RETURNS json LANGUAGE sql STABLE STRICT PARALLEL SAFE COST 10 AS $$
  SELECT json_build_object('id', f.id, 'home', h.short_name, 'away', a.short_name)
  FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
  WHERE f.id = p_match
$$;--> statement-breakpoint

-- A hand-entered season's table from its finished fixtures: 3 points a win, 1 a draw; ordered by points, goal
-- difference, goals scored, then name. Every team with a fixture in the season has a row. Called in the
-- transaction of each change to a finished result, so a corrected result corrects the table.
CREATE FUNCTION burti_recompute_standings(p_season integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_competition integer;
BEGIN
  SELECT competition_id INTO v_competition FROM seasons WHERE id = p_season;
  DELETE FROM standings WHERE season_id = p_season;
  INSERT INTO standings (competition_id, season_id, team_id, position, played, won, drawn, lost, goals_for,
    goals_against, points)
  SELECT v_competition, p_season, t.team_id,
    row_number() OVER (ORDER BY t.points DESC, t.goals_for - t.goals_against DESC, t.goals_for DESC, tm.name, t.team_id),
    t.played, t.won, t.drawn, t.lost, t.goals_for, t.goals_against, t.points
  FROM (
    SELECT r.team_id,
      count(r.gf)::int AS played,
      count(*) FILTER (WHERE r.gf > r.ga)::int AS won,
      count(*) FILTER (WHERE r.gf = r.ga)::int AS drawn,
      count(*) FILTER (WHERE r.gf < r.ga)::int AS lost,
      coalesce(sum(r.gf), 0)::int AS goals_for,
      coalesce(sum(r.ga), 0)::int AS goals_against,
      (3 * count(*) FILTER (WHERE r.gf > r.ga) + count(*) FILTER (WHERE r.gf = r.ga))::int AS points
    FROM (
      SELECT f.home_team_id AS team_id,
        CASE WHEN f.status = 'finished' THEN f.score_home END AS gf,
        CASE WHEN f.status = 'finished' THEN f.score_away END AS ga
      FROM fixtures f WHERE f.season_id = p_season
      UNION ALL
      SELECT f.away_team_id,
        CASE WHEN f.status = 'finished' THEN f.score_away END,
        CASE WHEN f.status = 'finished' THEN f.score_home END
      FROM fixtures f WHERE f.season_id = p_season
    ) r
    GROUP BY r.team_id
  ) t JOIN teams tm ON tm.id = t.team_id;
END
$$;
