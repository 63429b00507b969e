import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Request counters of the per-user and per-address limits when no Redis is configured (unlogged table). */
export const requestLimit = pgTable(
  'request_limit',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('request_limit_reset_at_idx').on(t.resetAt)],
);
