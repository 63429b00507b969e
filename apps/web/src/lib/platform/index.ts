/**
 * One place for what differs between the three shells of the same SPA: the browser, the native app
 * (Capacitor) and the Telegram Mini App. Everything else in the app calls these functions and never asks
 * which shell it runs in.
 */
import { apiBase, call, endpoint } from '../api';
import { rememberReferral } from '../referral';
import { inAppPath, referralCodeFromUrl } from './links';
import { isNativeShell } from './native-shell';
import { isTelegramLaunch, loadTelegramWebApp, setupTelegramPage, telegramWebApp } from './telegram';

const savePushToken = endpoint('savePushToken', 'PUT', '/api/push/tokens');
const deletePushToken = endpoint('deletePushToken', 'DELETE', '/api/push/tokens');
const getMe = endpoint('getMe', 'GET', '/api/me');

export type Platform = 'web' | 'native' | 'telegram';
export type Unsubscribe = () => void;
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export function detectPlatform(): Platform {
  if (isNativeShell()) return 'native';
  if (isTelegramLaunch()) return 'telegram';
  return 'web';
}

/** Which shell this page runs in, decided once at start (a live binding: tests pick one with `setPlatformForTests`). */
export let platform: Platform = detectPlatform();

/** Tests only (testing/render.tsx): render as the native app or the Telegram Mini App would. */
export function setPlatformForTests(next: Platform): void {
  platform = next;
}

const loadNative = () => import('./native');

/** Copies text: the native clipboard, the browser's, or (old browsers) a selected textarea. */
export async function copy(text: string): Promise<boolean> {
  if (platform === 'native') return (await loadNative()).nativeCopy(text);
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/**
 * Shares a link: the native share sheet, Telegram's own share screen inside the Mini App, the browser's share
 * sheet where there is one, otherwise the link is copied (spec: "otherwise copies the link").
 */
export async function share({
  title,
  text,
  url,
}: {
  title: string;
  text?: string;
  url: string;
}): Promise<ShareOutcome> {
  if (platform === 'native') return (await loadNative()).nativeShare({ title, text, url });
  const webApp = platform === 'telegram' ? telegramWebApp() : undefined;
  if (webApp?.openTelegramLink) {
    const link = new URL('https://t.me/share/url');
    link.searchParams.set('url', url);
    link.searchParams.set('text', text ?? title);
    webApp.openTelegramLink(link.toString());
    return 'shared';
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return 'shared';
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return 'cancelled';
    }
  }
  return (await copy(url)) ? 'copied' : 'failed';
}

/** Opens a link outside the app: Telegram's in-app browser, the system browser, or a new tab. */
export function openExternal(url: string): void {
  const webApp = platform === 'telegram' ? telegramWebApp() : undefined;
  if (webApp) {
    if (/^https:\/\/t\.me\//.test(url) && webApp.openTelegramLink) webApp.openTelegramLink(url);
    else if (webApp.openLink) webApp.openLink(url);
    else window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  if (platform === 'native') {
    void loadNative().then((native) => native.nativeOpenExternal(url));
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

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

// ---- Back navigation ---------------------------------------------------------------------------------------------

type BackHandler = () => boolean | void;
const backHandlers: BackHandler[] = [];
const backListeners = new Set<() => void>();

/** Whether the app's own history has somewhere to go back to (react-router keeps an index in history.state). */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * Claims the back button (Android's hardware button, Telegram's BackButton) while mounted, e.g. to close a
 * sheet: the newest handler is asked first, and returning true means it handled the press. Unclaimed presses
 * go back in the app's history. The browser has its own back button, so on the web handlers are never called.
 */
export function onBackButton(handler: BackHandler): Unsubscribe {
  backHandlers.push(handler);
  backListeners.forEach((listener) => listener());
  return () => {
    const index = backHandlers.lastIndexOf(handler);
    if (index >= 0) backHandlers.splice(index, 1);
    backListeners.forEach((listener) => listener());
  };
}

/** Runs the back handlers; true when one of them (or the history) took the press. */
export function handleBack(goBack: () => void): boolean {
  for (const handler of [...backHandlers].reverse()) {
    if (handler() === true) return true;
  }
  if (canGoBack()) {
    goBack();
    return true;
  }
  return false;
}

// ---- Start -------------------------------------------------------------------------------------------------------

/** What initPlatform needs of the data router (createBrowserRouter's result). */
export type PlatformRouter = {
  navigate: {
    (delta: number): Promise<void> | void;
    (to: string, options?: { replace?: boolean }): Promise<void> | void;
  };
  subscribe: (listener: (state: { location: { pathname: string; search: string } }) => void) => () => void;
  state: { location: { pathname: string; search: string; hash?: string } };
};

/** Screens that need no account: push registration waits until the fan is past them. */
const PUBLIC_PATH = /^\/(?:$|auth|legal\/|onboarding)/;

function interceptExternalLinks(): Unsubscribe {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const url = new URL(anchor.href, window.location.href);
    if (!/^https?:$/.test(url.protocol) || url.origin === window.location.origin) return;
    event.preventDefault();
    openExternal(url.toString());
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}

/**
 * The app's top-level screens: the bottom navigation moves between them, so Telegram's BackButton is not shown
 * there (after onboarding the feed has history behind it, but nothing to go back to).
 */
const ROOT_SCREEN = /^\/(?:$|auth|onboarding|feed|club|notifications|profile)\/?$/;

/** Whether Telegram's BackButton has somewhere to go: a claimed press (a sheet), or history on an inner screen. */
export function hasSomewhereToGoBack(pathname: string): boolean {
  return backHandlers.length > 0 || (canGoBack() && !ROOT_SCREEN.test(pathname));
}

let closingConfirmations = 0;

/**
 * While the fan is writing something (a post), closing the Mini App asks first. Returns the release; the
 * confirmation stays on while any writer holds it.
 */
export function confirmBeforeClosing(): Unsubscribe {
  const webApp = platform === 'telegram' ? telegramWebApp() : undefined;
  if (!webApp?.enableClosingConfirmation) return () => undefined;
  closingConfirmations += 1;
  webApp.enableClosingConfirmation();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    closingConfirmations -= 1;
    if (closingConfirmations === 0) webApp.disableClosingConfirmation?.();
  };
}

function startTelegram(router: PlatformRouter): Unsubscribe {
  const cleanups: Unsubscribe[] = [interceptExternalLinks()];
  // The Mini App is for signing in straight away: its landing is the Telegram sign-in of the auth screen.
  if (router.state.location.pathname === '/')
    void router.navigate(`/auth${router.state.location.search}`, { replace: true });
  let stopped = false;
  void loadTelegramWebApp().then((webApp) => {
    if (!webApp || stopped) return;
    cleanups.push(setupTelegramPage(webApp));
    const button = webApp.BackButton;
    if (!button) return;
    const sync = () => (hasSomewhereToGoBack(router.state.location.pathname) ? button.show() : button.hide());
    const onClick = () => {
      handleBack(() => void router.navigate(-1));
    };
    button.onClick(onClick);
    sync();
    const unsubscribe = router.subscribe(sync);
    backListeners.add(sync);
    cleanups.push(() => {
      button.offClick(onClick);
      unsubscribe();
      backListeners.delete(sync);
    });
  });
  return () => {
    stopped = true;
    cleanups.forEach((cleanup) => cleanup());
  };
}

function startNative(router: PlatformRouter): Unsubscribe {
  const cleanups: Unsubscribe[] = [interceptExternalLinks()];
  document.documentElement.dataset.platform = 'native';
  const origins = [window.location.origin, ...(apiBase ? [new URL(apiBase).origin] : [])];
  const openUrl = (url: string) => {
    const code = referralCodeFromUrl(url);
    if (code) rememberReferral(code);
    const path = inAppPath(url, origins);
    if (path) void router.navigate(path);
  };

  // Push: once per launch, as soon as a signed-in fan is inside the app.
  let pushStarted = false;
  const maybeRegisterPush = (pathname: string) => {
    if (pushStarted || PUBLIC_PATH.test(pathname)) return;
    pushStarted = true;
    void call(getMe, {})
      .then(() => registerPush())
      .catch(() => {
        pushStarted = false;
      });
  };
  maybeRegisterPush(router.state.location.pathname);
  cleanups.push(router.subscribe((state) => maybeRegisterPush(state.location.pathname)));
  cleanups.push(onNotificationTap((path) => void router.navigate(path)));

  let stopped = false;
  void loadNative().then(async (native) => {
    if (stopped) return;
    cleanups.push(
      native.nativeOnBackButton(() => {
        if (!handleBack(() => void router.navigate(-1))) native.nativeExit();
      }),
      native.nativeOnAppUrlOpen(openUrl),
    );
    const launchUrl = await native.nativeLaunchUrl();
    if (launchUrl && !stopped) openUrl(launchUrl);
  });
  return () => {
    stopped = true;
    cleanups.forEach((cleanup) => cleanup());
  };
}

/**
 * Adapts the app to its shell; main.tsx calls it once with the router. Every shell keeps a referral code from
 * the launch address (a `ref_` start parameter or `?ref=`) until the fan has an account.
 */
export function initPlatform(router: PlatformRouter): Unsubscribe {
  document.documentElement.dataset.platform = platform;
  const code = referralCodeFromUrl(window.location.href) ?? codeFromTelegram();
  if (code) rememberReferral(code);
  if (platform === 'telegram') return startTelegram(router);
  if (platform === 'native') return startNative(router);
  return () => undefined;
}

function codeFromTelegram(): string | null {
  const startParam = telegramWebApp()?.initDataUnsafe?.start_param;
  return startParam ? referralCodeFromUrl(`/?startapp=${encodeURIComponent(startParam)}`) : null;
}
