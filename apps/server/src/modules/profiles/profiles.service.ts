import type { Me, PublicProfile, PublicProfileResponse, SetClubInput, UpdateProfileInput } from '@burti/shared';
import type { FastifyBaseLogger } from 'fastify';
import { processAvatar } from '../../lib/media.js';
import type { Storage } from '../../lib/storage.js';
import { isBlockedBy, relationship } from '../social/social.service.js';
import { isUniqueViolation, type Db, type Executor } from '../../db/client.js';
import { versionedAvatar } from '../../lib/avatar.js';
import { AppError } from '../../lib/errors.js';
import { visibleEmail } from '../../lib/telegram-account.js';
import type { Viewer } from '../../plugins/auth.js';
import { findClub } from '../clubs/clubs.service.js';
import { completeReferralIfReady } from '../goal/goal.service.js';
import * as q from './profiles.queries.js';
import { forgetViewer } from '../../lib/viewer-revocation.js';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof q.findProfile>>>;

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
  const row = await q.findProfile(db, { id: viewer.id });
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return {
    ...toPublicProfile(row),
    email: visibleEmail(row.email),
    isAdmin: row.profile.isAdmin,
    isBlocked: row.profile.isBlocked,
    referralCode: row.profile.referralCode,
    language: row.profile.language,
  };
}

export async function getPublicProfile({
  db,
  viewer,
  by,
}: {
  db: Db;
  viewer: Viewer;
  by: { id: string } | { nickname: string };
}): Promise<PublicProfileResponse> {
  const notFound = new AppError('id' in by ? 'USER_NOT_FOUND' : 'PROFILE_NOT_FOUND');
  const row = await q.findProfile(db, by);
  if (!row) throw notFound;
  // Someone who blocked the viewer does not exist for them.
  if (row.profile.id !== viewer.id && (await isBlockedBy(db, viewer, row.profile.id))) throw notFound;
  return { profile: toPublicProfile(row), relationship: await relationship(db, viewer, row.profile.id) };
}

/** A new profile picture: re-encoded square, stored, and the old file removed. */
export async function setAvatar({
  db,
  viewer,
  storage,
  file,
  log,
}: {
  db: Db;
  viewer: Viewer;
  storage: Storage;
  file: Buffer;
  log: FastifyBaseLogger;
}): Promise<Me> {
  const image = await processAvatar(file);
  const stored = await storage.put({
    bucket: 'avatars',
    userId: viewer.id,
    ext: image.ext,
    body: image.body,
    contentType: image.contentType,
  });
  const before = await q.avatarPathOf(db, viewer.id);
  await q.setAvatar(db, viewer.id, stored);
  if (before)
    await storage.remove(before).catch((err: unknown) => log.warn({ err }, 'could not remove the old avatar'));
  return getMe({ db, viewer });
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
  if (fields.nickname && (await q.isNicknameTaken(db, fields.nickname, viewer.id))) {
    throw new AppError('NICKNAME_TAKEN', undefined, { nickname: 'That nickname is already taken.' });
  }
  try {
    await q.updateProfileFields(db, viewer.id, fields);
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_nickname_lower_idx')) throw new AppError('NICKNAME_TAKEN');
    throw error;
  }
  // The remembered viewer carries the nickname.
  if (fields.nickname) await forgetViewer(db, viewer.id);
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
  await db.transaction(async (tx) => {
    await q.updateProfileFields(tx, viewer.id, { primaryClubId: club.id });
    await completeReferralIfReady(tx, viewer.id);
  });
  return getMe({ db, viewer });
}

/** Creates the profile of a new account (sign-up or Telegram); returns the nickname it got. */
export const createProfileFor = (db: Executor, args: Parameters<typeof q.createProfile>[1]): Promise<string> =>
  q.createProfile(db, args);

/** Whether the nickname is taken (case-insensitively), by anyone but `exceptUserId`. */
export const nicknameTaken = (db: Executor, nickname: string, exceptUserId?: string): Promise<boolean> =>
  q.isNicknameTaken(db, nickname, exceptUserId);
