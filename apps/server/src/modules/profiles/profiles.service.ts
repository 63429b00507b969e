import type { Me, SetClubInput, UpdateProfileInput } from '@burti/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { findClub } from '../clubs/clubs.queries.js';
import { findMe, isNicknameTaken, isUniqueViolation, updateProfileFields } from './profiles.queries.js';

export async function getMe({ db, viewer }: { db: Db; viewer: Viewer }): Promise<Me> {
  const row = await findMe(db, viewer.id);
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  const { profile } = row;
  return {
    id: profile.id,
    email: row.email,
    nickname: profile.nickname,
    bio: profile.bio,
    avatarUrl: profile.avatarUrl ? `${profile.avatarUrl}?v=${profile.updatedAt.getTime()}` : null,
    primaryClub: row.club,
    followersCount: profile.followersCount,
    followingCount: profile.followingCount,
    postsCount: profile.postsCount,
    isAdmin: profile.isAdmin,
    isBlocked: profile.isBlocked,
    referralCode: profile.referralCode,
    goalBalance: row.goalBalance,
    createdAt: profile.createdAt.toISOString(),
  };
}

export async function updateProfile({ db, viewer, input }: { db: Db; viewer: Viewer; input: UpdateProfileInput }): Promise<Me> {
  const fields = input;
  if (fields.nickname && (await isNicknameTaken(db, fields.nickname, viewer.id))) {
    throw new AppError('NICKNAME_TAKEN', undefined, { nickname: 'That nickname is already taken.' });
  }
  try {
    await updateProfileFields(db, viewer.id, fields);
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_nickname_lower_idx')) throw new AppError('NICKNAME_TAKEN');
    throw error;
  }
  return getMe({ db, viewer });
}

export async function setPrimaryClub({ db, viewer, input }: { db: Db; viewer: Viewer; input: SetClubInput }): Promise<Me> {
  const club = await findClub(db, input.clubId);
  if (!club) throw new AppError('CLUB_NOT_FOUND');
  await updateProfileFields(db, viewer.id, { primaryClubId: club.id });
  return getMe({ db, viewer });
}
