import { Agent } from 'node:https';
import webPush, { type PushSubscription, type RequestOptions } from 'web-push';
import { endpointProblem, publicOnlyLookup, type EndpointPolicy } from './endpoint-guard.js';
import type { DeliveryOutcome, PushPayload } from './payload.js';

export type VapidDetails = { publicKey: string; privateKey: string; subject: string };

/**
 * Posts one encrypted push message and answers the push service's status code, whatever it is; only a
 * network failure throws.
 */
export type WebPushTransport = (
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
) => Promise<{ statusCode: number }>;

/** Connections to push services resolve names through the public-only lookup (endpoint-guard.ts). */
const publicAgent = new Agent({ keepAlive: true, lookup: publicOnlyLookup });

/** Production: web-push's own HTTPS request (it rejects any non-2xx answer with a WebPushError). */
export const httpsTransport: WebPushTransport = async (subscription, payload, options) => {
  try {
    const result = await webPush.sendNotification(subscription, payload, { agent: publicAgent, ...options });
    return { statusCode: result.statusCode };
  } catch (error) {
    if (error instanceof webPush.WebPushError) return { statusCode: error.statusCode };
    throw error;
  }
};

/** How long a push service keeps a message for an offline device. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Encrypts the payload for the subscription (aes128gcm), signs with the VAPID keys and posts it. A subscription
 * the push service no longer knows (404, 410) is `gone`; other failures throw so the queue retries them.
 * Before anything is sent the endpoint is checked again (https, public host after DNS resolution): one that is
 * not is `gone` (never contacted, and forgotten); one whose name does not resolve now throws, to be retried.
 */
export async function sendWebPush(
  subscription: PushSubscription,
  payload: PushPayload,
  vapid: VapidDetails,
  transport: WebPushTransport = httpsTransport,
  policy: EndpointPolicy = {},
): Promise<DeliveryOutcome> {
  const problem = await endpointProblem(subscription.endpoint, policy);
  if (problem === 'unresolved') throw new Error('The push endpoint host does not resolve right now');
  if (problem) return 'gone';
  const { statusCode } = await transport(subscription, JSON.stringify(payload), {
    vapidDetails: vapid,
    contentEncoding: 'aes128gcm',
    TTL: TTL_SECONDS,
    urgency: 'normal',
    timeout: 10_000,
  });
  if (statusCode >= 200 && statusCode < 300) return 'sent';
  if (statusCode === 404 || statusCode === 410) return 'gone';
  // A malformed or oversized message fails the same way every time.
  if (statusCode === 400 || statusCode === 413) return 'rejected';
  throw new Error(`The push service answered ${statusCode}`);
}

/** Checks VAPID settings at startup, so a bad key fails the boot rather than every delivery. */
export function assertVapidDetails(vapid: VapidDetails): void {
  webPush.getVapidHeaders('https://push.example', vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm');
}
