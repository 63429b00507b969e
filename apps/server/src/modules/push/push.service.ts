import type { z } from 'zod';
import type { pushTokenInput, TelegramMessagesState, webPushSubscriptionInput } from '@burti/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import * as q from './push.queries.js';

/** A device is bound to the session that registered it, until that session ends. */
const DEVICE_TAKEN = 'This device receives notifications for another account. Sign out of it there first.';

/** Devices kept per user and channel; registering one more forgets the oldest. */
export const MAX_DEVICES_PER_CHANNEL = 20;

/** Stores this browser's subscription for the viewer (taking it over only once another account's session ended). */
export async function saveWebSubscription({
  db,
  viewer,
  input,
  userAgent,
}: {
  db: Db;
  viewer: Viewer;
  input: z.infer<typeof webPushSubscriptionInput>;
  userAgent: string | null;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const saved = await q.upsertWebSubscription(tx, {
      userId: viewer.id,
      sessionId: viewer.sessionId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: userAgent?.slice(0, 512) ?? null,
    });
    if (!saved) throw new AppError('CONFLICT', DEVICE_TAKEN);
    await q.pruneWebSubscriptions(tx, viewer.id, MAX_DEVICES_PER_CHANNEL);
  });
}

/** Forgets one of the viewer's own subscriptions (another user's is left alone). */
export async function removeWebSubscription({ db, viewer, endpoint }: { db: Db; viewer: Viewer; endpoint: string }) {
  await q.deleteWebSubscription(db, viewer.id, endpoint);
}

/** Stores the native app's token for the viewer: one row per token, its platform and time refreshed. */
export async function saveToken({
  db,
  viewer,
  input,
}: {
  db: Db;
  viewer: Viewer;
  input: z.infer<typeof pushTokenInput>;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const saved = await q.upsertToken(tx, {
      userId: viewer.id,
      sessionId: viewer.sessionId,
      token: input.token,
      platform: input.platform,
    });
    if (!saved) throw new AppError('CONFLICT', DEVICE_TAKEN);
    await q.pruneTokens(tx, viewer.id, MAX_DEVICES_PER_CHANNEL);
  });
}

export async function removeToken({ db, viewer, token }: { db: Db; viewer: Viewer; token: string }) {
  await q.deleteToken(db, viewer.id, token);
}

/** The bot's Telegram messages for the viewer: offered only to a fan with a Telegram chat, when a bot is set up. */
export async function telegramMessages({
  db,
  viewer,
  botConfigured,
}: {
  db: Db;
  viewer: Viewer;
  botConfigured: boolean;
}): Promise<TelegramMessagesState> {
  const row = await q.findTelegramMessages(db, viewer.id);
  return { available: botConfigured && row?.telegramId != null, enabled: row?.enabled ?? false };
}

/** Turns the bot's messages on or off; refused (409) for a fan the bot cannot message anyway. */
export async function setTelegramMessages({
  db,
  viewer,
  botConfigured,
  enabled,
}: {
  db: Db;
  viewer: Viewer;
  botConfigured: boolean;
  enabled: boolean;
}): Promise<TelegramMessagesState> {
  const current = await telegramMessages({ db, viewer, botConfigured });
  if (!current.available) throw new AppError('TELEGRAM_NOT_LINKED');
  await q.setTelegramMessages(db, viewer.id, enabled);
  return { available: true, enabled };
}
