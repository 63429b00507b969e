import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { account, profiles, user } from '../../db/schema/index.js';

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

/** The user row of a new Telegram account (its nickname is set once the profile has one). */
export async function insertTelegramUser(
  tx: Executor,
  row: { id: string; email: string; avatarUrl: string | null },
): Promise<void> {
  await tx.insert(user).values({ id: row.id, name: '', email: row.email, emailVerified: true, image: row.avatarUrl });
}

export async function setUserName(tx: Executor, userId: string, name: string): Promise<void> {
  await tx.update(user).set({ name }).where(eq(user.id, userId));
}

/** The `telegram` account link by which the fan signs in again. */
export async function linkTelegramAccount(tx: Executor, userId: string, telegramId: number): Promise<void> {
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: String(telegramId),
    providerId: 'telegram',
    userId,
  });
}
