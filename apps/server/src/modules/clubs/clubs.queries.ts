import { foldText, searchKey } from '@burti/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows, rowLimit, type Executor } from '../../db/client.js';
import { clubFollows, clubs } from '../../db/schema/index.js';
import { cursorTime, postListColumns, type PostRow } from '../../lib/post-rows.js';
import type { Cursor } from '../../lib/cursor.js';
import { visibleAuthor } from '../../lib/visibility.js';

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

export async function findClubDetail(db: Executor, id: number, viewerId: string | null) {
  const [club] = await db
    .select({
      ...clubColumns,
      fansCount: clubs.fansCount,
      postsCount: clubs.postsCount,
      viewerFollows:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${clubFollows} f where f.user_id = ${viewerId} and f.club_id = ${clubs.id})`,
    })
    .from(clubs)
    .where(eq(clubs.id, id))
    .limit(1);
  return club ?? null;
}

/** Follows a club's feed; following it twice is one follow. */
export async function followClub(db: Executor, userId: string, clubId: number): Promise<void> {
  await db.insert(clubFollows).values({ userId, clubId }).onConflictDoNothing();
}

export async function unfollowClub(db: Executor, userId: string, clubId: number): Promise<void> {
  await db.delete(clubFollows).where(and(eq(clubFollows.userId, userId), eq(clubFollows.clubId, clubId)));
}

/**
 * The Clubs feed: live public posts of the clubs the viewer follows, newest first. Each followed club gives at
 * most a page of its newest posts past the cursor, a short walk of posts_club_feed_idx (a lateral join per club),
 * and the page is the newest of those: the cost grows with the number of followed clubs, never with the
 * number of posts.
 */
export function listFollowedClubsPosts(
  db: Executor,
  args: { viewerId: string; cursor: Cursor | null; limit: number },
): Promise<PostRow[]> {
  const { viewerId, cursor, limit } = args;
  const after = cursor ? sql`and (p.created_at, p.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``;
  return queryRows<PostRow>(
    db,
    sql`select ${postListColumns(viewerId)}
      from club_follows f
      cross join lateral (
        select p.* from posts p
        join profiles a on a.id = p.author_id
        where p.club_id = f.club_id and p.deleted_at is null and p.visibility = 'public'
          and ${visibleAuthor(viewerId, sql`a`)}
          ${after}
        order by p.created_at desc, p.id desc
        limit ${rowLimit(limit)}
      ) p
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      where f.user_id = ${viewerId}
      order by p.created_at desc, p.id desc
      limit ${rowLimit(limit)}`,
  );
}
