import { randomBytes } from 'node:crypto';
import { cleanNickname, languageOf } from '@burti/shared';
import { eq } from 'drizzle-orm';
import { isUniqueViolation, type Db, type Executor } from '../../db/client.js';
import { account, profiles, user } from '../../db/schema/index.js';
import { telegramPlaceholderEmail } from '../../lib/telegram-account.js';
import type { TelegramInitUser } from '../../lib/telegram-init-data.js';
import { createProfileFor, nicknameTaken } from '../profiles/profiles.service.js';

export type TelegramAccount = {
  id: string;
  nickname: string;
  email: string;
  isAdmin: boolean;
  isBlocked: boolean;
};

export async function findByTelegramId(db: Executor, telegramId: number): Promise<TelegramAccount | null> {
  const rows = await db
    .select({
      id: profiles.id,
      nickname: profiles.nickname,
      email: user.email,
      isAdmin: profiles.isAdmin,
      isBlocked: profiles.isBlocked,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.telegramId, telegramId))
    .limit(1);
  return rows[0] ?? null;
}

/** What a nickname is made from: the Telegram username, else the first and last name, else the id. */
export function nicknameSource(tgUser: TelegramInitUser): string {
  const name = [tgUser.first_name, tgUser.last_name].filter(Boolean).join(' ');
  return tgUser.username ?? (name || `tg${tgUser.id}`);
}

/** A nickname that fits the rules and is free right now (createProfile still settles a race). */
async function freeNickname(db: Executor, source: string): Promise<string> {
  const base = cleanNickname(source);
  if (!(await nicknameTaken(db, base))) return base;
  for (let n = 2; n < 50; n++) {
    const candidate = `${[...base].slice(0, 30 - String(n).length).join('')}${n}`;
    if (!(await nicknameTaken(db, candidate))) return candidate;
  }
  return base;
}

function pgErrorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (cause as { code?: string }).code;
}

function httpsUrl(value: string | undefined): string | null {
  if (!value || value.length > 2048) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Finds the account of a Telegram user, or creates it (user row, a `telegram` account link and the profile)
 * in one transaction: a failure leaves nothing behind. Two first sign-ins at once end with one account.
 */
export async function findOrCreateTelegramAccount(
  db: Db,
  tgUser: TelegramInitUser,
): Promise<{ account: TelegramAccount; created: boolean }> {
  const existing = await findByTelegramId(db, tgUser.id);
  if (existing) return { account: existing, created: false };

  const avatarUrl = httpsUrl(tgUser.photo_url);
  let email = telegramPlaceholderEmail(tgUser.id);
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        await tx.insert(user).values({ id, name: '', email, emailVerified: true, image: avatarUrl });
        const nickname = await createProfileFor(tx, {
          userId: id,
          requestedNickname: await freeNickname(tx, nicknameSource(tgUser)),
          fallback: nicknameSource(tgUser),
          telegramId: tgUser.id,
          avatarUrl,
          language: languageOf(tgUser.language_code) ?? undefined,
        });
        await tx.update(user).set({ name: nickname }).where(eq(user.id, id));
        await tx.insert(account).values({
          id: crypto.randomUUID(),
          accountId: String(tgUser.id),
          providerId: 'telegram',
          userId: id,
        });
        return { id, nickname, email, isAdmin: false, isBlocked: false };
      });
      return { account: created, created: true };
    } catch (error) {
      // The same fan signing in twice at once: the other request created the account.
      if (isUniqueViolation(error, 'profiles_telegram_id_unique') || isUniqueViolation(error, 'user_email_unique')) {
        const found = await findByTelegramId(db, tgUser.id);
        if (found) return { account: found, created: false };
        // Someone registered the placeholder address by hand: this account gets a unique one instead.
        email = telegramPlaceholderEmail(tgUser.id).replace('@', `.${randomBytes(4).toString('hex')}@`);
      }
      // A nickname (or referral code) taken between the check and the insert aborts the transaction, even
      // though createProfile catches it: try again from the start.
      const code = pgErrorCode(error);
      if ((code !== '23505' && code !== '25P02') || attempt >= 4) throw error;
    }
  }
}
