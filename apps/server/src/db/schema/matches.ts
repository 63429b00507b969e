import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clubs, profiles } from './app.js';

// Matchday (migration 0100, decision 022).

const tz = { withTimezone: true } as const;
const createdAt = () => timestamp('created_at', tz).notNull().defaultNow();

export const competitions = pgTable(
  'competitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    nameKa: text('name_ka'),
    country: text('country').notNull(),
    kind: text('kind', { enum: ['league', 'cup'] })
      .notNull()
      .default('league'),
    /** Null for a competition entered by hand (its table is recomputed from its finished fixtures). */
    provider: text('provider'),
    providerId: text('provider_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('competitions_name_idx').on(t.name),
    uniqueIndex('competitions_provider_idx')
      .on(t.provider, t.providerId)
      .where(sql`${t.provider} is not null`),
    check('competitions_kind_check', sql`${t.kind} in ('league', 'cup')`),
    check('competitions_provider_check', sql`(${t.provider} is null) = (${t.providerId} is null)`),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seasons_competition_label_idx').on(t.competitionId, t.label)],
);

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    nameKa: text('name_ka'),
    shortName: text('short_name').notNull(),
    crestUrl: text('crest_url'),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_name_idx').on(t.name),
    index('teams_club_idx')
      .on(t.clubId)
      .where(sql`${t.clubId} is not null`),
  ],
);

/** A team may be known to several providers; a provider's id names one team. */
export const teamProviderIds = pgTable(
  'team_provider_ids',
  {
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'team_provider_ids_pkey', columns: [t.provider, t.providerId] }),
    index('team_provider_ids_team_idx').on(t.teamId),
  ],
);

export const FIXTURE_STATUS_VALUES = [
  'scheduled',
  'live',
  'half_time',
  'finished',
  'postponed',
  'cancelled',
  'abandoned',
] as const;

export const fixtures = pgTable(
  'fixtures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    round: text('round'),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    kickoffAt: timestamp('kickoff_at', tz).notNull(),
    venue: text('venue'),
    status: text('status', { enum: FIXTURE_STATUS_VALUES }).notNull().default('scheduled'),
    minute: integer('minute'),
    addedMinute: integer('added_minute'),
    /** Null until kick-off. */
    scoreHome: integer('score_home'),
    scoreAway: integer('score_away'),
    htHome: integer('ht_home'),
    htAway: integer('ht_away'),
    etHome: integer('et_home'),
    etAway: integer('et_away'),
    penHome: integer('pen_home'),
    penAway: integer('pen_away'),
    /** When the match ended (full time, a result, cancelled, abandoned): its thread closes a while after. */
    finishedAt: timestamp('finished_at', tz),
    provider: text('provider'),
    providerId: text('provider_id'),
    /** An administrator's edit wins over provider updates until released. */
    handLocked: boolean('hand_locked').notNull().default(false),
    /** Grows with every change: live clients keep the highest they have seen. */
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fixtures_provider_idx')
      .on(t.provider, t.providerId)
      .where(sql`${t.provider} is not null`),
    index('fixtures_home_kickoff_idx').on(t.homeTeamId, t.kickoffAt, t.id),
    index('fixtures_away_kickoff_idx').on(t.awayTeamId, t.kickoffAt, t.id),
    index('fixtures_competition_idx').on(t.competitionId, t.seasonId, t.kickoffAt, t.id),
    index('fixtures_live_idx')
      .on(t.kickoffAt)
      .where(sql`${t.status} in ('live', 'half_time')`),
    check(
      'fixtures_status_check',
      sql`${t.status} in ('scheduled', 'live', 'half_time', 'finished', 'postponed', 'cancelled', 'abandoned')`,
    ),
    check('fixtures_teams_check', sql`${t.homeTeamId} <> ${t.awayTeamId}`),
    check(
      'fixtures_score_check',
      sql`(${t.scoreHome} is null) = (${t.scoreAway} is null) and (${t.scoreHome} is null or (${t.scoreHome} >= 0 and ${t.scoreAway} >= 0))`,
    ),
    check('fixtures_provider_check', sql`(${t.provider} is null) = (${t.providerId} is null)`),
  ],
);

export const MATCH_EVENT_KIND_VALUES = [
  'goal',
  'own_goal',
  'penalty_goal',
  'missed_penalty',
  'yellow',
  'second_yellow',
  'red',
  'substitution',
  'var',
] as const;

export const matchEvents = pgTable(
  'match_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fixtureId: uuid('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MATCH_EVENT_KIND_VALUES }).notNull(),
    minute: integer('minute'),
    addedMinute: integer('added_minute'),
    /** The team of the player named (an own goal counts for the other side). */
    side: text('side', { enum: ['home', 'away'] }).notNull(),
    player: text('player'),
    secondPlayer: text('second_player'),
    detail: text('detail'),
    disallowsEventId: bigint('disallows_event_id', { mode: 'number' }).references((): AnyPgColumn => matchEvents.id, {
      onDelete: 'set null',
    }),
    /** A provider's key of the event: a repeated event is one row. */
    providerKey: text('provider_key'),
    cancelledAt: timestamp('cancelled_at', tz),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('match_events_fixture_idx').on(t.fixtureId, t.id),
    uniqueIndex('match_events_provider_key_idx')
      .on(t.fixtureId, t.providerKey)
      .where(sql`${t.providerKey} is not null`),
    check(
      'match_events_kind_check',
      sql`${t.kind} in ('goal', 'own_goal', 'penalty_goal', 'missed_penalty', 'yellow', 'second_yellow', 'red', 'substitution', 'var')`,
    ),
    check('match_events_side_check', sql`${t.side} in ('home', 'away')`),
  ],
);

export const lineups = pgTable(
  'lineups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fixtureId: uuid('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['home', 'away'] }).notNull(),
    player: text('player').notNull(),
    number: integer('number'),
    position: text('position'),
    starter: boolean('starter').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    index('lineups_fixture_idx').on(t.fixtureId, t.side, t.sortOrder),
    check('lineups_side_check', sql`${t.side} in ('home', 'away')`),
  ],
);

/** A season's table: recomputed from finished fixtures for hand-entered competitions (burti_recompute_standings). */
export const standings = pgTable(
  'standings',
  {
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    played: integer('played').notNull().default(0),
    won: integer('won').notNull().default(0),
    drawn: integer('drawn').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    goalsFor: integer('goals_for').notNull().default(0),
    goalsAgainst: integer('goals_against').notNull().default(0),
    points: integer('points').notNull().default(0),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'standings_pkey', columns: [t.seasonId, t.teamId] }),
    index('standings_table_idx').on(t.seasonId, t.position),
  ],
);

/** Spoiler mode (0105): the matches a fan holds "until I've watched". */
export const matchSpoilerHolds = pgTable(
  'match_spoiler_holds',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    fixtureId: uuid('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'match_spoiler_holds_pkey', columns: [t.userId, t.fixtureId] }),
    index('match_spoiler_holds_fixture_idx').on(t.fixtureId),
  ],
);
