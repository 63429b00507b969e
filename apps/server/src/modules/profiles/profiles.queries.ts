import { randomBytes, randomInt } from 'node:crypto';
import { cleanNickname, type Language } from '@burti/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { isUniqueViolation, type Executor } from '../../db/client.js';
import { clubs, goalLedger, profiles, user } from '../../db/schema/index.js';

const REFERRAL_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
}

export async function isNicknameTaken(db: Executor, nickname: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        sql`lower(${profiles.nickname}) = lower(${nickname})`,
        exceptUserId ? ne(profiles.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Creates the profile of a new account. The requested nickname is used when given (it was checked before the
 * account was created); otherwise the fallback text is cleaned and made unique with a numeric suffix.
 */
export async function createProfile(
  db: Executor,
  args: {
    userId: string;
    requestedNickname?: string | null;
    fallback: string;
    telegramId?: number;
    avatarUrl?: string | null;
    language?: Language;
  },
): Promise<string> {
  const base = args.requestedNickname || cleanNickname(args.fallback);
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = attempt === 0 ? '' : String(randomInt(10 ** Math.min(1 + Math.floor(attempt / 3), 6)));
    const nickname = [...base].slice(0, 30 - suffix.length).join('') + suffix;
    try {
      await db.insert(profiles).values({
        id: args.userId,
        nickname,
        referralCode: newReferralCode(),
        telegramId: args.telegramId,
        avatarUrl: args.avatarUrl ?? null,
        language: args.language,
      });
      return nickname;
    } catch (error) {
      if (
        isUniqueViolation(error, 'profiles_nickname_lower_idx') ||
        isUniqueViolation(error, 'profiles_referral_code_unique')
      )
        continue;
      throw error;
    }
  }
  throw new Error('Could not find a free nickname');
}

/** A profile with its club, balance and (for the owner) email, found by id or by nickname. */
export async function findProfile(db: Executor, by: { id: string } | { nickname: string }) {
  const rows = await db
    .select({
      profile: profiles,
      email: user.email,
      club: { id: clubs.id, name: clubs.name, nameKa: clubs.nameKa, country: clubs.country, league: clubs.league },
      goalBalance: sql<number>`coalesce((select sum(${goalLedger.amount}) from ${goalLedger} where ${goalLedger.userId} = ${profiles.id}), 0)::int`,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(clubs, eq(clubs.id, profiles.primaryClubId))
    .where('id' in by ? eq(profiles.id, by.id) : sql`lower(${profiles.nickname}) = lower(${by.nickname})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function updateProfileFields(
  db: Executor,
  userId: string,
  fields: { nickname?: string; bio?: string | null; primaryClubId?: number; language?: Language },
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}

export async function avatarPathOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ path: profiles.avatarPath }).from(profiles).where(eq(profiles.id, userId));
  return row?.path ?? null;
}

export async function setAvatar(db: Executor, userId: string, stored: { url: string; path: string }): Promise<void> {
  await db
    .update(profiles)
    .set({ avatarUrl: stored.url, avatarPath: stored.path, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}
