import { call, endpoint } from '../api';
import { loadNative, platform, type Unsubscribe } from './detect';

const savePushToken = endpoint('savePushToken', 'PUT', '/api/push/tokens');
const deletePushToken = endpoint('deletePushToken', 'DELETE', '/api/push/tokens');

/**
 * Native push (spec §4: after sign-in ask permission, register, save the token): each token is upserted with
 * its platform at PUT /api/push/tokens. Elsewhere there is no native push and this resolves false.
 */
export async function registerPush(onToken?: (token: string) => void): Promise<boolean> {
  if (platform !== 'native' || nativePushTurnedOff()) return false;
  const native = await loadNative();
  return native.nativeRegisterPush(async (token, devicePlatform) => {
    await call(savePushToken, { body: { token, platform: devicePlatform } });
    rememberPushToken(token);
    onToken?.(token);
  });
}

const PUSH_TOKEN_KEY = 'burti_push_token';
/** The fan turned native push off in Settings: the app does not register again by itself. */
const PUSH_OFF_KEY = 'burti_push_off';

function nativePushTurnedOff(): boolean {
  try {
    return localStorage.getItem(PUSH_OFF_KEY) === '1';
  } catch {
    return false;
  }
}

export type DevicePushState = 'on' | 'off' | 'denied';

/** This device's native push as it really is: the system permission, and whether a token is registered. */
export async function nativePushState(): Promise<DevicePushState> {
  if (platform !== 'native') return 'off';
  if ((await (await loadNative()).nativePushPermission()) === 'denied') return 'denied';
  let token: string | null = null;
  try {
    token = localStorage.getItem(PUSH_TOKEN_KEY);
  } catch {
    token = null;
  }
  return token && !nativePushTurnedOff() ? 'on' : 'off';
}

/** Settings' switch for native push on this device. */
export async function setNativePush(on: boolean): Promise<DevicePushState> {
  try {
    if (on) localStorage.removeItem(PUSH_OFF_KEY);
    else localStorage.setItem(PUSH_OFF_KEY, '1');
  } catch {
    // Without storage the choice holds for this launch.
  }
  if (on) {
    const registered = await new Promise<boolean>((resolve) => {
      void registerPush(() => resolve(true)).then((granted) => {
        if (!granted) resolve(false);
      });
    });
    return registered ? 'on' : nativePushState();
  }
  await unregisterPush();
  return 'off';
}

function rememberPushToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(PUSH_TOKEN_KEY, token);
    else localStorage.removeItem(PUSH_TOKEN_KEY);
  } catch {
    // Without storage the server still forgets the token with the session.
  }
}

/**
 * Before signing out: this device stops receiving the account's pushes. The native token is deleted on the
 * server and the device unregisters; the server also deletes it with the session, should this request fail.
 */
export async function unregisterPush(): Promise<void> {
  if (platform !== 'native') return;
  let token: string | null = null;
  try {
    token = localStorage.getItem(PUSH_TOKEN_KEY);
  } catch {
    token = null;
  }
  if (token) await call(deletePushToken, { body: { token } }).catch(() => undefined);
  rememberPushToken(null);
  await (await loadNative()).nativeUnregisterPush();
}

/** Tapping a notification: like/comment → /post/{post_id}, follow → /profile/{user_nickname}. Native only. */
export function onNotificationTap(navigate: (path: string) => void): Unsubscribe {
  if (platform !== 'native') return () => undefined;
  let unsubscribe: Unsubscribe | undefined;
  let cancelled = false;
  void loadNative().then((native) => {
    if (!cancelled) unsubscribe = native.nativeOnNotificationTap(navigate);
  });
  return () => {
    cancelled = true;
    unsubscribe?.();
  };
}
