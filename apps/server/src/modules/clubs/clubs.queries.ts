import { searchKey } from '@burti/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clubs } from '../../db/schema/index.js';

const clubColumns = { id: clubs.id, name: clubs.name, country: clubs.country, league: clubs.league };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Byte-wise order of the folded name: case and accents ignored, the same on PGlite (no ICU) and PostgreSQL. */
const byName = [sql`${clubs.sortKey} collate "C"`, sql`${clubs.name} collate "C"`];

/**
 * The clubs, or those a search finds. The search compares search keys (packages/shared/src/text): Georgian
 * romanised, case, accents and spelling variants folded, so "დინამო", "DINAMO", "koln" and "barca" all hit.
 * Ranked: a name or alias equal to the search, then one starting with it, then a word starting with it, then
 * a name containing it, then country or league; within a rank the club with more fans, then by name.
 */
export async function listClubs(db: Executor, search?: string) {
  if (!search?.trim())
    return db
      .select(clubColumns)
      .from(clubs)
      .orderBy(...byName);
  const key = searchKey(search);
  // Only punctuation or symbols: nothing can match.
  if (!key) return [];
  const k = escapeLike(key);
  const rank = sql<number>`case
    when ${clubs.searchNames} like ${`%|${k}|%`} then 0
    when ${clubs.searchNames} like ${`%|${k}%`} then 1
    when ${clubs.searchNames} like ${`% ${k}%`} then 2
    when ${clubs.searchNames} like ${`%${k}%`} then 3
    else 4 end`;
  return db
    .select(clubColumns)
    .from(clubs)
    .where(sql`${clubs.searchNames} like ${`%${k}%`} or ${clubs.searchExtra} like ${`%${k}%`}`)
    .orderBy(asc(rank), desc(clubs.fansCount), ...byName);
}

export async function findClub(db: Executor, id: number) {
  const [club] = await db.select(clubColumns).from(clubs).where(eq(clubs.id, id)).limit(1);
  return club ?? null;
}

export async function findClubDetail(db: Executor, id: number) {
  const [club] = await db
    .select({ ...clubColumns, fansCount: clubs.fansCount, postsCount: clubs.postsCount })
    .from(clubs)
    .where(eq(clubs.id, id))
    .limit(1);
  return club ?? null;
}
