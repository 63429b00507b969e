import { CLUB_FEED_PAGE_SIZE, type Club, type ClubDetail, type ClubFollowState, type PostPage } from '@burti/shared';
import type { Executor } from '../../db/client.js';
import { decodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/post-rows.js';
import * as q from './clubs.queries.js';

/** Clubs by name in either script (or all of them), best match first. */
export const listClubs = (db: Executor, search?: string): Promise<Club[]> => q.listClubs(db, search);

/** The club, or null when there is none with that id. */
export const findClub = (db: Executor, id: number): Promise<Club | null> => q.findClub(db, id);

/** The club with its counts and whether the viewer follows its feed; CLUB_NOT_FOUND when there is none. */
export async function clubDetail(db: Executor, viewerId: string | null, id: number): Promise<ClubDetail> {
  const club = await q.findClubDetail(db, id, viewerId);
  if (!club) throw new AppError('CLUB_NOT_FOUND');
  return club;
}

/**
 * Follows or stops following a club's feed. One's own club stays as it is: following is only a subscription
 * to the club's posts in the Clubs feed (decision 024).
 */
export async function setClubFollow(
  db: Executor,
  viewerId: string,
  clubId: number,
  following: boolean,
): Promise<ClubFollowState> {
  if (!(await q.findClub(db, clubId))) throw new AppError('CLUB_NOT_FOUND');
  if (following) await q.followClub(db, viewerId, clubId);
  else await q.unfollowClub(db, viewerId, clubId);
  return { following };
}

/** A page of the Clubs feed: the followed clubs' public posts, newest first. */
export async function followedClubsPage(db: Executor, viewerId: string, cursor?: string): Promise<PostPage> {
  const rows = await q.listFollowedClubsPosts(db, {
    viewerId,
    cursor: decodeCursor(cursor),
    limit: CLUB_FEED_PAGE_SIZE + 1,
  });
  return toPage(rows, CLUB_FEED_PAGE_SIZE);
}
