import type { Me, PublicProfile, SetClubInput, UpdateProfileInput } from '@burti/shared';
import type { Db } from '../../db/client.js';
import { versionedAvatar } from '../../lib/avatar.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { findClub } from '../clubs/clubs.queries.js';
import { findProfile, isNicknameTaken, isUniqueViolation, updateProfileFields } from './profiles.queries.js';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

function toPublicProfile({ profile, club, goalBalance }: ProfileRow): PublicProfile {
  return {
    id: profile.id,
    nickname: profile.nickname,
    bio: profile.bio,
    avatarUrl: versionedAvatar(profile.avatarUrl, profile.updatedAt),
    primaryClub: club,
    followersCount: profile.followersCount,
    followingCount: profile.followingCount,
    postsCount: profile.postsCount,
    goalBalance,
    createdAt: profile.createdAt.toISOString(),
  };
}

export async function getMe({ db, viewer }: { db: Db; viewer: Viewer }): Promise<Me> {
  const row = await findProfile(db, { id: viewer.id });
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return {
    ...toPublicProfile(row),
    email: row.email,
    isAdmin: row.profile.isAdmin,
    isBlocked: row.profile.isBlocked,
    referralCode: row.profile.referralCode,
  };
}

export async function getPublicProfile({
  db,
  by,
}: {
  db: Db;
  by: { id: string } | { nickname: string };
}): Promise<PublicProfile> {
  const row = await findProfile(db, by);
  if (!row) throw new AppError('id' in by ? 'USER_NOT_FOUND' : 'PROFILE_NOT_FOUND');
  return toPublicProfile(row);
}

export async function updateProfile({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: UpdateProfileInput;
}): Promise<Me> {
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

export async function setPrimaryClub({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: SetClubInput;
}): Promise<Me> {
  const club = await findClub(db, input.clubId);
  if (!club) throw new AppError('CLUB_NOT_FOUND');
  await updateProfileFields(db, viewer.id, { primaryClubId: club.id });
  return getMe({ db, viewer });
}
