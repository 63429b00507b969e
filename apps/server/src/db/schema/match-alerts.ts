import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clubs, profiles } from './app.js';
import { fixtures } from './matches.js';

// Match alerts (migrations 0106 and 0107, decision 022).

const tz = { withTimezone: true } as const;
const createdAt = () => timestamp('created_at', tz).notNull().defaultNow();

/** Clubs a fan wants alerts for: every match of the club alerts them, unless that match is muted. */
export const matchAlertClubs = pgTable(
  'match_alert_clubs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'match_alert_clubs_pkey', columns: [t.userId, t.clubId] }),
    index('match_alert_clubs_club_idx').on(t.clubId, t.userId),
  ],
);

/** One match's choice: alerts on for it, or muted (the mute wins over a club's alerts). */
export const matchAlertSettings = pgTable(
  'match_alert_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    fixtureId: uuid('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['on', 'muted'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'match_alert_settings_pkey', columns: [t.userId, t.fixtureId] }),
    index('match_alert_settings_fixture_idx').on(t.fixtureId, t.mode),
    check('match_alert_settings_mode_check', sql`${t.mode} in ('on', 'muted')`),
  ],
);

/** An event that alerts, recorded once by its key (a repeat of it inserts nothing and alerts nobody). */
export const matchAlertEvents = pgTable(
  'match_alert_events',
  {
    key: text('key').primaryKey(),
    fixtureId: uuid('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['kick_off', 'goal', 'red_card', 'full_time'] }).notNull(),
    /** The match event behind a goal or red card (own_goal, penalty_goal, second_yellow…), for the words. */
    eventKind: text('event_kind'),
    side: text('side', { enum: ['home', 'away'] }),
    player: text('player'),
    minute: integer('minute'),
    addedMinute: integer('added_minute'),
    scoreHome: integer('score_home'),
    scoreAway: integer('score_away'),
    createdAt: createdAt(),
    /** The order events were recorded in: a match's alerts are fanned out in this order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** When the fan-out sent it; null while it waits for its match's fan-out. */
    fannedOutAt: timestamp('fanned_out_at', tz),
  },
  (t) => [
    index('match_alert_events_fixture_idx').on(t.fixtureId),
    index('match_alert_events_pending_idx')
      .on(t.fixtureId, t.seq)
      .where(sql`${t.fannedOutAt} is null`),
    check('match_alert_events_kind_check', sql`${t.kind} in ('kick_off', 'goal', 'red_card', 'full_time')`),
    check('match_alert_events_side_check', sql`${t.side} is null or ${t.side} in ('home', 'away')`),
  ],
);

/** The delivery ledger: one row per event and fan, so each fan is alerted once whatever repeats. */
export const matchAlertDeliveries = pgTable(
  'match_alert_deliveries',
  {
    eventKey: text('event_key')
      .notNull()
      .references(() => matchAlertEvents.key, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The fan held the match in spoiler mode when alerted: the alert named no score and no scorer. */
    spoiler: boolean('spoiler').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'match_alert_deliveries_pkey', columns: [t.eventKey, t.userId] }),
    index('match_alert_deliveries_user_idx').on(t.userId),
  ],
);
