import { foldText, searchKey } from '@burti/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clubs } from '../../db/schema/index.js';

const clubColumns = {
  id: clubs.id,
  name: clubs.name,
  nameKa: clubs.nameKa,
  country: clubs.country,
  league: clubs.league,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Byte-wise order of the folded name: case and accents ignored, the same on PGlite (no ICU) and PostgreSQL. */
const byName = [sql`${clubs.sortKey} collate "C"`, sql`${clubs.name} collate "C"`];

/**
 * The clubs, or those a search finds. The search compares search keys (packages/shared/src/text): Georgian
 * romanised, case, accents and spelling variants folded, so "დინამო", "DINAMO", "koln" and "barca" all hit.
 * Ranked: a name or alias equal to the search, then one starting with it, then a word starting with it, then
 * a name containing it, then country or league (in either language: "საქართველო", "la liga"); within a rank the
 * club with more fans, then by name.
 */
export async function listClubs(db: Executor, search?: string) {
  if (!search?.trim())
    return db
      .select(clubColumns)
      .from(clubs)
      .orderBy(...byName);
  const key = searchKey(search);
  // Only punctuation or symbols: nothing can match. A letter typed three times running ("zzzz") is in no club's
  // name; the key would fold it to one letter and find every club with a "z" somewhere.
  if (!key || /(\p{L})\1\1/u.test(foldText(search))) return [];
  const k = escapeLike(key);
  // One or two letters match only at the start of a name, an alias or one of their words, not inside them.
  const short = key.length <= 2;
  const rank = sql<number>`case
    when ${clubs.searchNames} like ${`%|${k}|%`} then 0
    when ${clubs.searchNames} like ${`%|${k}%`} then 1
    when ${clubs.searchNames} like ${`% ${k}%`} then 2
    when ${clubs.searchNames} like ${`%${k}%`} then 3
    else 4 end`;
  return db
    .select(clubColumns)
    .from(clubs)
    .where(
      short
        ? sql`${clubs.searchNames} like ${`%|${k}%`} or ${clubs.searchNames} like ${`% ${k}%`}`
        : sql`${clubs.searchNames} like ${`%${k}%`} or ${clubs.searchExtra} like ${`%${k}%`}`,
    )
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
