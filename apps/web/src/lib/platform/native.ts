/**
 * The native (Capacitor) side of the platform module. Loaded only inside the native shell, so the web build
 * never runs these plugins.
 */
import type { FirebaseMessagingPlugin } from '@capacitor-firebase/messaging';
import { App } from '@capacitor/app';
import { Clipboard } from '@capacitor/clipboard';
import { Capacitor, registerPlugin } from '@capacitor/core';
import { Share } from '@capacitor/share';
import { notificationPath, type PushData } from './links';

export type Unsubscribe = () => void;

/** Listener handles arrive asynchronously; the returned function removes the listener whenever it resolves. */
function later(handle: Promise<{ remove(): Promise<void> }>): Unsubscribe {
  return () => {
    void handle.then((h) => h.remove()).catch(() => undefined);
  };
}

export async function nativeShare({ title, text, url }: { title: string; text?: string; url: string }) {
  try {
    await Share.share({ title, text, url, dialogTitle: title });
    return 'shared' as const;
  } catch {
    // The fan closed the share sheet.
    return 'cancelled' as const;
  }
}

export async function nativeCopy(text: string): Promise<boolean> {
  try {
    await Clipboard.write({ string: text });
    return true;
  } catch {
    return false;
  }
}

/**
 * The native half of @capacitor-firebase/messaging, by its registered name: the package's own entry would also
 * bundle its web half, which needs the Firebase JS SDK the app does not use (browsers get Web Push).
 */
const FirebaseMessaging = registerPlugin<FirebaseMessagingPlugin>('FirebaseMessaging');

let tokenHandle: { remove(): Promise<void> } | undefined;

/**
 * Push registration through Firebase Cloud Messaging on both platforms, so the server's FCM sender can reach
 * every token (on iOS, Firebase exchanges the APNs token for an FCM token). Asks permission (once; the system
 * remembers the answer), gets the token and hands it, and every later one (tokens change), to `onToken`.
 * Resolves false when permission is refused.
 */
export async function nativeRegisterPush(
  onToken: (token: string, platform: 'ios' | 'android') => void | Promise<void>,
) {
  let permission = await FirebaseMessaging.checkPermissions();
  if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale') {
    permission = await FirebaseMessaging.requestPermissions();
  }
  if (permission.receive !== 'granted') return false;
  const platform = Capacitor.getPlatform() === 'ios' ? 'ios' : 'android';
  const save = (token: string) =>
    void Promise.resolve(onToken(token, platform)).catch((error: unknown) =>
      console.warn('Saving the push token failed', error),
    );
  // One token listener per launch, whoever is signed in now.
  await tokenHandle?.remove().catch(() => undefined);
  tokenHandle = await FirebaseMessaging.addListener('tokenReceived', ({ token }) => save(token));
  try {
    const { token } = await FirebaseMessaging.getToken();
    if (token) save(token);
  } catch (error) {
    console.warn('Push registration failed', error);
    return false;
  }
  return true;
}

export async function nativePushPermission(): Promise<'granted' | 'denied' | 'prompt'> {
  const { receive } = await FirebaseMessaging.checkPermissions();
  return receive === 'granted' ? 'granted' : receive === 'denied' ? 'denied' : 'prompt';
}

/** Signing out: the device deletes its FCM token (a new sign-in gets a fresh one). */
export async function nativeUnregisterPush(): Promise<void> {
  await FirebaseMessaging.deleteToken().catch(() => undefined);
}

export function nativeOnNotificationTap(navigate: (path: string) => void): Unsubscribe {
  return later(
    FirebaseMessaging.addListener('notificationActionPerformed', ({ notification }) => {
      const path = notificationPath(notification.data as PushData);
      if (path) navigate(path);
    }),
  );
}

/** The Android hardware back button; without a handler the app would close on the first press. */
export function nativeOnBackButton(handler: (canGoBack: boolean) => void): Unsubscribe {
  return later(App.addListener('backButton', ({ canGoBack }) => handler(canGoBack)));
}

export function nativeExit(): void {
  void App.exitApp();
}

export function nativeOnAppUrlOpen(handler: (url: string) => void): Unsubscribe {
  return later(App.addListener('appUrlOpen', ({ url }) => handler(url)));
}

/** The link the app was launched with (a cold start from a link), if any. */
export async function nativeLaunchUrl(): Promise<string | null> {
  try {
    return (await App.getLaunchUrl())?.url ?? null;
  } catch {
    return null;
  }
}

export function nativeOpenExternal(url: string): void {
  // Capacitor hands navigation away from the app's own origin to the system browser.
  window.open(url, '_blank', 'noopener');
}
