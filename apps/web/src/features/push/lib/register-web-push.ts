import { platform, unregisterPush } from '../../../lib/platform';
import { deleteWebSubscription } from '../api/delete-web-subscription';
import { getPushConfig } from '../api/get-push-config';
import { saveWebSubscription } from '../api/save-web-subscription';

export type WebPushOutcome =
  /** This browser will receive the fan's notifications. */
  | 'subscribed'
  /** No service worker or Push API (old browsers, in-app webviews), or not the browser shell at all. */
  | 'unsupported'
  /** The server has no VAPID keys. */
  | 'unconfigured'
  /** The fan declined (or dismissed) the permission prompt. */
  | 'denied';

import { SERVICE_WORKER_URL } from '../../../lib/pwa';

export function isWebPushSupported(): boolean {
  // The native app registers FCM tokens (lib/platform registerPush); Telegram reaches its users by bot message.
  return platform === 'web' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * Turns on Web Push for the signed-in fan in this browser: registers the service worker, asks permission,
 * subscribes with the server's VAPID key and stores the subscription. Safe to call again (it reuses the
 * subscription, and replaces one made with an old key).
 *
 * When to call it: at a moment the fan sees why, from their own tap — right after their first successful post
 * or like ("Get notified when fans react?"), or from a settings toggle. Never on page load: browsers hide or
 * block prompts that come out of nowhere, and Safari only asks from a user gesture.
 */
export async function registerWebPush(): Promise<WebPushOutcome> {
  if (!isWebPushSupported()) return 'unsupported';
  const { webPushPublicKey } = await getPushConfig();
  if (!webPushPublicKey) return 'unconfigured';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';

  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(webPushPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await saveWebSubscription(subscription.toJSON());
  return 'subscribed';
}

/** Turns Web Push off in this browser (a settings toggle, or before signing out). */
export async function unregisterWebPush(): Promise<void> {
  if (!isWebPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await deleteWebSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}

/** Whether this browser already receives push for the fan (for a settings toggle's initial state). */
export async function isWebPushEnabled(): Promise<boolean> {
  if (!isWebPushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return Boolean(await registration?.pushManager.getSubscription());
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Before signing out: this device stops receiving the account's pushes, in the browser or the native app. */
export async function forgetDevicePush(): Promise<void> {
  await Promise.all([unregisterWebPush().catch(() => undefined), unregisterPush().catch(() => undefined)]);
}
