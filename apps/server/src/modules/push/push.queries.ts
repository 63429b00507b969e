import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor, rowLimit } from '../../db/client.js';
import { notificationTokens, profiles, webPushSubscriptions } from '../../db/schema/index.js';

/**
 * The same browser subscription registered again: refreshed for its owner; moved to another account only
 * once the session that registered it has ended (sign-out). False when someone else's live session holds it.
 */
export async function upsertWebSubscription(
  db: Executor,
  values: {
    userId: string;
    sessionId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
): Promise<boolean> {
  const saved = await db
    .insert(webPushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: webPushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        sessionId: values.sessionId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
      },
      setWhere: sql`${webPushSubscriptions.userId} = ${values.userId} or ${webPushSubscriptions.sessionId} is null`,
    })
    .returning({ id: webPushSubscriptions.id });
  return saved.length > 0;
}

export async function deleteWebSubscription(db: Executor, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.userId, userId), eq(webPushSubscriptions.endpoint, endpoint)));
}

/**
 * UPSERT notification_tokens on conflict token, as for browser subscriptions: a token held by another
 * account's live session is not taken (false).
 */
export async function upsertToken(
  db: Executor,
  values: { userId: string; sessionId: string; token: string; platform: 'ios' | 'android' },
): Promise<boolean> {
  const saved = await db
    .insert(notificationTokens)
    .values({ ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: notificationTokens.token,
      set: { userId: values.userId, sessionId: values.sessionId, platform: values.platform, updatedAt: sql`now()` },
      setWhere: sql`${notificationTokens.userId} = ${values.userId} or ${notificationTokens.sessionId} is null`,
    })
    .returning({ id: notificationTokens.id });
  return saved.length > 0;
}

export async function deleteToken(db: Executor, userId: string, token: string): Promise<void> {
  await db
    .delete(notificationTokens)
    .where(and(eq(notificationTokens.userId, userId), eq(notificationTokens.token, token)));
}

/** Keeps a user's newest `keep` browser subscriptions; devices long gone should not collect without end. */
export async function pruneWebSubscriptions(db: Executor, userId: string, keep: number): Promise<void> {
  await db.execute(sql`delete from web_push_subscriptions where id in (
    select id from web_push_subscriptions where user_id = ${userId}
    order by created_at desc, id desc offset ${rowLimit(keep)})`);
}

export async function pruneTokens(db: Executor, userId: string, keep: number): Promise<void> {
  await db.execute(sql`delete from notification_tokens where id in (
    select id from notification_tokens where user_id = ${userId}
    order by updated_at desc, id desc offset ${rowLimit(keep)})`);
}

export type PushNotificationRow = {
  id: string;
  type: string;
  post_id: string | null;
  recipient_id: string;
  /** As text: bigint arrives as a string from pg and otherwise from PGlite. */
  recipient_telegram_id: string | null;
  /** The recipient wants the bot's messages (Settings). */
  recipient_telegram_messages: boolean;
  recipient_language: string;
  actor_id: string;
  actor_nickname: string;
  actor_count: number;
};

/** A notification with what its push needs: the actor's nickname and the recipient's Telegram chat. */
export async function findPushNotification(db: Executor, id: string): Promise<PushNotificationRow | null> {
  const [row] = await queryRows<PushNotificationRow>(
    db,
    sql`select n.id, n.type, n.post_id, n.user_id as recipient_id, r.telegram_id::text as recipient_telegram_id,
        r.telegram_messages as recipient_telegram_messages, r.language as recipient_language, a.id as actor_id,
        a.nickname as actor_nickname, n.actor_count
      from notifications n
      join profiles r on r.id = n.user_id
      join profiles a on a.id = n.actor_id
      where n.id = ${id}`,
  );
  return row ?? null;
}

/** The recipient's browser subscriptions: all of them, or the one with id `only` (a retried delivery). */
export function listWebSubscriptions(db: Executor, userId: string, only?: string) {
  return db
    .select({
      id: webPushSubscriptions.id,
      endpoint: webPushSubscriptions.endpoint,
      p256dh: webPushSubscriptions.p256dh,
      auth: webPushSubscriptions.auth,
    })
    .from(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.userId, userId), only ? eq(webPushSubscriptions.id, only) : undefined));
}

/** The recipient's native tokens: all of them, or the one with id `only`. */
export function listTokens(db: Executor, userId: string, only?: string) {
  return db
    .select({ id: notificationTokens.id, token: notificationTokens.token })
    .from(notificationTokens)
    .where(and(eq(notificationTokens.userId, userId), only ? eq(notificationTokens.id, only) : undefined));
}

export async function deleteWebSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, id));
}

export async function deleteTokenById(db: Executor, id: string): Promise<void> {
  await db.delete(notificationTokens).where(eq(notificationTokens.id, id));
}

/** The fan's Telegram chat (null without one) and whether the bot may message it. */
export async function findTelegramMessages(db: Executor, userId: string) {
  const [row] = await db
    .select({ telegramId: profiles.telegramId, enabled: profiles.telegramMessages })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}

export async function setTelegramMessages(db: Executor, userId: string, enabled: boolean): Promise<void> {
  await db.update(profiles).set({ telegramMessages: enabled }).where(eq(profiles.id, userId));
}
