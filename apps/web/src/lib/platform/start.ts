import { apiBase, call, endpoint } from '../api';
import { rememberReferral } from '../referral';
import { backListeners, handleBack, hasSomewhereToGoBack } from './back';
import { loadNative, platform, type Unsubscribe } from './detect';
import { inAppPath, referralCodeFromUrl } from './links';
import { onNotificationTap, registerPush } from './push';
import { openExternal } from './share';
import { loadTelegramWebApp, setupTelegramPage, telegramWebApp } from './telegram';

const getMe = endpoint('getMe', 'GET', '/api/me');

// ---- Start (initPlatform: each shell's set-up) ----------------------------------------------------------------------

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
