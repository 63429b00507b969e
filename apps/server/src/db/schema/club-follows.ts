import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clubs, profiles } from './app.js';

/** Clubs whose feeds a fan follows besides their own club (0104, decision 024). */
export const clubFollows = pgTable(
  'club_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clubId] })],
);
