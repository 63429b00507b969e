import type { Club, ClubDetail } from '@burti/shared';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as q from './clubs.queries.js';

/** Clubs by name in either script (or all of them), best match first. */
export const listClubs = (db: Executor, search?: string): Promise<Club[]> => q.listClubs(db, search);

/** The club, or null when there is none with that id. */
export const findClub = (db: Executor, id: number): Promise<Club | null> => q.findClub(db, id);

/** The club with its counts; CLUB_NOT_FOUND when there is none. */
export async function clubDetail(db: Executor, id: number): Promise<ClubDetail> {
  const club = await q.findClubDetail(db, id);
  if (!club) throw new AppError('CLUB_NOT_FOUND');
  return club;
}
