import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Football data providers' budget, turns and health (migration 0102, decision 023).

const tz = { withTimezone: true } as const;

export type ProviderErrorEntry = { at: string; kind: string; message: string };

export const providerStatus = pgTable(
  'provider_status',
  {
    provider: text('provider', { enum: ['football-data', 'api-football'] }).primaryKey(),
    minuteStart: timestamp('minute_start', tz)
      .notNull()
      .default(sql`'epoch'`),
    minuteUsed: integer('minute_used').notNull().default(0),
    dayStart: date('day_start').notNull().default('1970-01-01'),
    dayUsed: integer('day_used').notNull().default(0),
    backoffUntil: timestamp('backoff_until', tz),
    failures: integer('failures').notNull().default(0),
    quotaMinuteRemaining: integer('quota_minute_remaining'),
    quotaDayRemaining: integer('quota_day_remaining'),
    lastSuccessAt: timestamp('last_success_at', tz),
    lastListsAt: timestamp('last_lists_at', tz),
    lastLiveAt: timestamp('last_live_at', tz),
    nextListsAt: timestamp('next_lists_at', tz)
      .notNull()
      .default(sql`'epoch'`),
    nextLiveAt: timestamp('next_live_at', tz)
      .notNull()
      .default(sql`'epoch'`),
    errors: jsonb('errors').$type<ProviderErrorEntry[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [check('provider_status_provider_check', sql`${t.provider} in ('football-data', 'api-football')`)],
);
