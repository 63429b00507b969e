import { asc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clubs } from '../../db/schema/index.js';

const clubColumns = { id: clubs.id, name: clubs.name, country: clubs.country, league: clubs.league };

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export async function listClubs(db: Executor, search?: string) {
  const q = search?.trim();
  return db
    .select(clubColumns)
    .from(clubs)
    .where(
      q
        ? or(
            ilike(clubs.name, likePattern(q)),
            ilike(clubs.country, likePattern(q)),
            ilike(clubs.league, likePattern(q)),
          )
        : undefined,
    )
    .orderBy(asc(clubs.name));
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
