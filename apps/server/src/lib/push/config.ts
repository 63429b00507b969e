import { createPrivateKey } from 'node:crypto';
import type { Env } from '../../env.js';
import type { FcmOptions } from './fcm.js';
import { assertVapidDetails, type VapidDetails, type WebPushTransport } from './web-push.js';

/** The push channels in force; each is present only when its provider is configured. */
export type PushConfig = {
  /** Web Push with VAPID. `transport` replaces web-push's HTTPS sender (tests post to a local endpoint). */
  webPush?: VapidDetails & { transport?: WebPushTransport };
  /** FCM HTTP v1 for the native app's tokens. */
  fcm?: FcmOptions;
  /** The Telegram bot, for fans who signed in through Telegram. */
  telegram?: { botToken: string; apiRoot: string };
  /** Tests only: Web Push endpoints on loopback/private addresses and plain http (endpoint-guard.ts). */
  allowLocalWebPushEndpoints?: boolean;
};

/** Reads VAPID_*, FCM_* and TELEGRAM_* and refuses a half-configured channel with a clear message. */
export function pushConfigFromEnv(env: Env, appUrl: string, adminEmail?: string): PushConfig {
  if (env.WEB_PUSH_ALLOW_LOCAL_ENDPOINTS && env.NODE_ENV === 'production') {
    throw new Error('WEB_PUSH_ALLOW_LOCAL_ENDPOINTS is for tests and may not be set in production.');
  }
  return {
    webPush: webPushFromEnv(env, appUrl, adminEmail),
    fcm: fcmFromEnv(env),
    telegram: telegramFromEnv(env),
    allowLocalWebPushEndpoints: env.WEB_PUSH_ALLOW_LOCAL_ENDPOINTS,
  };
}

function webPushFromEnv(env: Env, appUrl: string, adminEmail?: string): PushConfig['webPush'] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) throw new Error('Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.');
  // Push services want a way to reach the sender: an https address or a mailto: link.
  const subject =
    env.VAPID_SUBJECT ?? (appUrl.startsWith('https://') ? appUrl : adminEmail ? `mailto:${adminEmail}` : undefined);
  if (!subject) throw new Error('Web Push needs VAPID_SUBJECT (a mailto: or https: URL) when APP_URL is not https.');
  const vapid = { publicKey, privateKey, subject };
  try {
    assertVapidDetails(vapid);
  } catch (error) {
    throw new Error(`Invalid VAPID settings: ${(error as Error).message}`);
  }
  return vapid;
}

function fcmFromEnv(env: Env): FcmOptions | undefined {
  const { FCM_PROJECT_ID: projectId, FCM_CLIENT_EMAIL: clientEmail } = env;
  // Keys copied from the service-account JSON keep their newlines escaped.
  const privateKey = env.FCM_PRIVATE_KEY?.replace(/\\n/g, '\n');
  if (!projectId && !clientEmail && !privateKey) return undefined;
  if (!projectId || !clientEmail || !privateKey) {
    throw new Error('FCM needs FCM_PROJECT_ID, FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY together.');
  }
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new Error('FCM_PRIVATE_KEY is not a PEM private key (the private_key of the service-account JSON).');
  }
  return { projectId, clientEmail, privateKey, endpoint: env.FCM_ENDPOINT, tokenUrl: env.FCM_TOKEN_URL };
}

function telegramFromEnv(env: Env): PushConfig['telegram'] {
  if (!env.TELEGRAM_BOT_TOKEN) return undefined;
  return { botToken: env.TELEGRAM_BOT_TOKEN, apiRoot: env.TELEGRAM_API_ROOT };
}

/** Which channels are configured, for the admin's settings page. */
export function configuredPushChannels(push: PushConfig | undefined) {
  return [
    { channel: 'webPush' as const, configured: Boolean(push?.webPush) },
    { channel: 'nativePush' as const, configured: Boolean(push?.fcm) },
    { channel: 'telegram' as const, configured: Boolean(push?.telegram) },
  ];
}
