import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../lib/jobs.js';
import type { PushConfig } from '../../lib/push/config.js';
import { createFcmSender, type FcmSender } from '../../lib/push/fcm.js';
import { buildPushPayload, type DeliveryOutcome, type PushPayload } from '../../lib/push/payload.js';
import type { PushJob, PushRetryJob, PushTarget } from '../../lib/push/queue.js';
import { createTelegramSender, type TelegramSender } from '../../lib/push/telegram.js';
import { sendWebPush, type VapidDetails, type WebPushTransport } from '../../lib/push/web-push.js';
import { alertPushes } from '../match-alerts/match-alerts.service.js';
import * as q from './push.queries.js';

/** The configured channels, built once per app (the FCM sender keeps its access token between jobs). */
export type PushSenders = {
  webPush?: { vapid: VapidDetails; transport?: WebPushTransport; allowLocal?: boolean };
  fcm?: FcmSender;
  telegram?: TelegramSender;
};

export function createPushSenders(push: PushConfig | undefined, appUrl: string): PushSenders {
  const { webPush, fcm, telegram } = push ?? {};
  return {
    webPush: webPush && {
      vapid: { publicKey: webPush.publicKey, privateKey: webPush.privateKey, subject: webPush.subject },
      transport: webPush.transport,
      allowLocal: push?.allowLocalWebPushEndpoints,
    },
    fcm: fcm && createFcmSender(fcm),
    telegram: telegram && createTelegramSender({ ...telegram, appUrl }),
  };
}

export type DeliverArgs = {
  db: Db;
  senders: PushSenders;
  appName: string;
  log: FastifyBaseLogger;
  /** Queues the retry of one failed delivery of a fan-out job. */
  retry: (job: PushRetry) => Promise<void>;
};

type PushRetry = PushRetryJob;

/** Whom a push goes to, and which of their channels may carry it. */
type Recipient = { id: string; language: string | null; telegramId: number | null; telegramMessages: boolean };

/** One delivery to one device or chat, and how to forget that device once the provider says it is gone. */
type Delivery = {
  target: PushTarget;
  send: (payload: PushPayload) => Promise<DeliveryOutcome>;
  forget?: () => Promise<void>;
};

/**
 * Handles a job of the 'push' queue. Delivers the notification to every channel of its recipient, or to the one
 * target a retry names. A subscription or token the provider reports gone is deleted; a refused message is
 * logged. A failed delivery of a fan-out job becomes a job of its own (retried with backoff by the queue, so
 * the other devices are not sent the message twice); a failed retry throws, and the queue tries again.
 */
export async function deliverPush(args: DeliverArgs, job: PushJob): Promise<void> {
  if ('matchAlert' in job) return deliverMatchAlert(args, job);
  const { db, appName } = args;
  const row = await q.findPushNotification(db, job.notificationId);
  if (!row) return; // deleted since (a block, a deleted post or account): nothing to tell
  const payload = buildPushPayload({
    appName,
    type: row.type,
    postId: row.post_id,
    actorId: row.actor_id,
    actorNickname: row.actor_nickname,
    actorCount: row.actor_count,
    language: row.recipient_language,
  });
  const recipient: Recipient = {
    id: row.recipient_id,
    language: row.recipient_language,
    telegramId: row.recipient_telegram_id ? Number(row.recipient_telegram_id) : null,
    telegramMessages: row.recipient_telegram_messages,
  };
  await deliverTo(args, recipient, payload, job.target, { notificationId: row.id }, (target) => ({
    notificationId: row.id,
    target,
  }));
}

/**
 * A match alert's pushes (decision 022): each fan of the batch gets the alert in their words on each of their
 * channels; a failed delivery is retried on its own, as for a notification.
 */
async function deliverMatchAlert(args: DeliverArgs, job: Extract<PushJob, { matchAlert: string }>): Promise<void> {
  const only = 'target' in job ? job.target : undefined;
  const userIds = 'userIds' in job ? job.userIds : [job.userId];
  const pushes = await alertPushes(args.db, job.matchAlert, userIds);
  const outcomes = await Promise.allSettled(
    pushes.map(({ recipient, payload }) =>
      deliverTo(args, recipient, payload, only, { matchAlert: job.matchAlert, userId: recipient.id }, (target) => ({
        matchAlert: job.matchAlert,
        userId: recipient.id,
        target,
      })),
    ),
  );
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * One payload to every channel of one recipient (or to the one target a retry names): a gone subscription is
 * forgotten, a refusal logged; a failure of a fan-out is queued as a retry of its own, of a retry thrown.
 */
async function deliverTo(
  args: DeliverArgs,
  recipient: Recipient,
  payload: PushPayload,
  only: PushTarget | undefined,
  logContext: Record<string, string>,
  retryOf: (target: PushTarget) => PushRetry,
): Promise<void> {
  const { db, senders, log } = args;
  const deliveries = await findDeliveries(db, senders, recipient, only);
  const results = await Promise.allSettled(deliveries.map((delivery) => delivery.send(payload)));

  const failed: { target: PushTarget; error: unknown }[] = [];
  for (const [i, result] of results.entries()) {
    const { target, forget } = deliveries[i]!;
    const context = { ...logContext, channel: target.channel };
    if (result.status === 'rejected') {
      failed.push({ target, error: result.reason });
      log.warn({ ...context, err: result.reason }, 'push delivery failed');
    } else if (result.value === 'gone') {
      await forget?.();
      log.info(context, 'push subscription is gone; deleted');
    } else if (result.value === 'rejected') {
      log.warn(context, 'push provider refused the message');
    }
  }
  if (only) {
    if (failed[0]) throw failed[0].error;
    return;
  }
  for (const { target } of failed) await args.retry(retryOf(target));
}

async function findDeliveries(
  db: Db,
  senders: PushSenders,
  recipient: Recipient,
  only: PushTarget | undefined,
): Promise<Delivery[]> {
  const wants = (channel: PushTarget['channel']) => !only || only.channel === channel;
  const onlyId = only && 'id' in only ? only.id : undefined;
  const deliveries: Delivery[] = [];

  const { webPush, fcm, telegram } = senders;
  if (webPush && wants('web')) {
    for (const sub of await q.listWebSubscriptions(db, recipient.id, onlyId)) {
      const subscription = { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } };
      deliveries.push({
        target: { channel: 'web', id: sub.id },
        send: (payload) =>
          sendWebPush(subscription, payload, webPush.vapid, webPush.transport, { allowLocal: webPush.allowLocal }),
        forget: () => q.deleteWebSubscriptionById(db, sub.id),
      });
    }
  }
  if (fcm && wants('fcm')) {
    for (const token of await q.listTokens(db, recipient.id, onlyId)) {
      deliveries.push({
        target: { channel: 'fcm', id: token.id },
        send: (payload) => fcm.send(token.token, payload),
        forget: () => q.deleteTokenById(db, token.id),
      });
    }
  }
  if (telegram && wants('telegram') && recipient.telegramId && recipient.telegramMessages) {
    const chatId = recipient.telegramId;
    deliveries.push({
      target: { channel: 'telegram' },
      send: (payload) => telegram.send(chatId, payload, recipient.language),
    });
  }
  return deliveries;
}

/** Seconds before a failed delivery is tried again on its own (the queue then backs off further). */
const RETRY_AFTER_SECONDS = 10;

/** Runs the 'push' queue's worker in this process (nothing happens when jobs are off). */
export async function startPushWorker({
  db,
  jobs,
  push,
  appUrl,
  appName,
  log,
}: {
  db: Db;
  jobs: Jobs;
  push: PushConfig | undefined;
  appUrl: string;
  appName: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  if (!jobs.enabled) return;
  const senders = createPushSenders(push, appUrl);
  const retry = async (job: PushRetry) => {
    await jobs.send('push', job, { startAfterSeconds: RETRY_AFTER_SECONDS });
  };
  await jobs.work<PushJob>('push', (job) => deliverPush({ db, senders, appName, log, retry }, job));
}
