// @vitest-environment happy-dom
import { REFERRAL_FLAG_KEY } from '@burti/shared';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { PlatformRouter } from './index';
import { contrastRatio } from '../contrast';
import { aMe } from '../../test/fixtures';

/** The Capacitor plugins, faked at their module boundary. */
const cap = vi.hoisted(() => {
  type Listener = (event: unknown) => void;
  const listeners = new Map<string, Listener[]>();
  const addListener = (name: string, listener: Listener) => {
    listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    return Promise.resolve({
      remove: () => {
        listeners.set(
          name,
          (listeners.get(name) ?? []).filter((l) => l !== listener),
        );
        return Promise.resolve();
      },
    });
  };
  return {
    native: false,
    devicePlatform: 'android',
    listeners,
    emit: (name: string, event: unknown) => (listeners.get(name) ?? []).forEach((listener) => listener(event)),
    addListener,
    permission: 'prompt',
    calls: [] as [string, unknown][],
  };
});
// What the native app gives its web view (native-shell.ts): Android's bridge object. The plugins below come from
// @capacitor/core, which the native shell's code loads.
Object.defineProperty(window, 'androidBridge', { configurable: true, get: () => (cap.native ? {} : undefined) });

vi.mock('@capacitor/core', () => ({
  Capacitor: { isNativePlatform: () => cap.native, getPlatform: () => (cap.native ? cap.devicePlatform : 'web') },
  registerPlugin: (name: string) => (name === 'FirebaseMessaging' ? firebaseMessaging : undefined),
}));
const firebaseMessaging = vi.hoisted(() => ({
  checkPermissions: () => Promise.resolve({ receive: cap.permission }),
  requestPermissions: () => {
    cap.calls.push(['requestPermissions', null]);
    return Promise.resolve({ receive: 'granted' });
  },
  getToken: () => {
    cap.calls.push(['getToken', null]);
    return Promise.resolve({ token: 'fcm-token-0123456789' });
  },
  deleteToken: () => {
    cap.calls.push(['deleteToken', null]);
    return Promise.resolve();
  },
  addListener: (name: string, listener: (event: unknown) => void) => cap.addListener(`push:${name}`, listener),
}));
vi.mock('@capacitor/app', () => ({
  App: {
    addListener: (name: string, listener: (event: unknown) => void) => cap.addListener(`app:${name}`, listener),
    exitApp: () => {
      cap.calls.push(['exitApp', null]);
      return Promise.resolve();
    },
    getLaunchUrl: () => Promise.resolve(undefined),
  },
}));
vi.mock('@capacitor/share', () => ({
  Share: {
    share: (options: unknown) => {
      cap.calls.push(['share', options]);
      return Promise.resolve({});
    },
  },
}));
vi.mock('@capacitor/clipboard', () => ({
  Clipboard: {
    write: (options: unknown) => {
      cap.calls.push(['clipboard', options]);
      return Promise.resolve();
    },
  },
}));

const emitPush = (name: string, event: unknown) => cap.emit(`push:${name}`, event);
const emitApp = (name: string, event: unknown) => cap.emit(`app:${name}`, event);

type RouterState = { location: { pathname: string; search: string } };
type Navigate = (to: string | number, options?: { replace?: boolean }) => void;
type FakeRouter = Omit<PlatformRouter, 'navigate'> & { navigate: Mock<Navigate>; go: (pathname: string) => void };

function fakeRouter(pathname = '/feed', search = ''): FakeRouter {
  const listeners = new Set<(state: RouterState) => void>();
  const router: FakeRouter = {
    state: { location: { pathname, search } },
    navigate: vi.fn<Navigate>(),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go: (next) => {
      router.state = { location: { pathname: next, search: '' } };
      listeners.forEach((listener) => listener(router.state));
    },
  };
  return router;
}

/** react-router keeps the history index in history.state; idx > 0 means there is somewhere to go back to. */
function setHistoryIndex(idx: number) {
  window.history.replaceState({ idx, key: 'k', usr: null }, '');
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function loadPlatform() {
  vi.resetModules();
  return import('./index');
}

let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;

beforeEach(() => {
  cap.native = false;
  cap.permission = 'prompt';
  cap.calls.length = 0;
  cap.listeners.clear();
  localStorage.clear();
  sessionStorage.clear();
  delete window.Telegram;
  window.history.replaceState(null, '', '/');
  setHistoryIndex(0);
  fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('style');
});

describe('platform on the web', () => {
  it('detects the browser and uses its share sheet, clipboard and tabs', async () => {
    const platform = await loadPlatform();
    expect(platform.platform).toBe('web');

    const shareSpy = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: shareSpy, clipboard: { writeText: vi.fn() } });
    expect(await platform.share({ title: 'Burti', url: 'https://burti.ge/?ref=abc' })).toBe('shared');
    expect(shareSpy).toHaveBeenCalledWith({ title: 'Burti', text: undefined, url: 'https://burti.ge/?ref=abc' });

    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await platform.share({ title: 'Burti', url: 'https://t.me/burti_bot?startapp=ref_abc' })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://t.me/burti_bot?startapp=ref_abc');
    expect(await platform.copy('hello')).toBe(true);
    expect(writeText).toHaveBeenLastCalledWith('hello');

    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    platform.openExternal('https://example.com/');
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener,noreferrer');
  });

  it('has no native push, taps or back button, and keeps a ?ref= code', async () => {
    window.history.replaceState(null, '', '/?ref=friend42');
    const platform = await loadPlatform();
    expect(await platform.registerPush()).toBe(false);
    const handler = vi.fn();
    platform.onBackButton(handler)();
    platform.onNotificationTap(vi.fn())();
    const router = fakeRouter('/');
    platform.initPlatform(router)();
    expect(localStorage.getItem('burti_referral_code')).toBe('friend42');
    expect(router.navigate).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(cap.calls).toEqual([]);
  });

  it('does not keep a code once a referral was processed on this device', async () => {
    localStorage.setItem(REFERRAL_FLAG_KEY, 'true');
    window.history.replaceState(null, '', '/?ref=friend42');
    const platform = await loadPlatform();
    platform.initPlatform(fakeRouter('/'))();
    expect(localStorage.getItem('burti_referral_code')).toBeNull();
  });
});

describe('platform in the native app', () => {
  beforeEach(() => {
    cap.native = true;
  });

  it('uses the Share and Clipboard plugins', async () => {
    const platform = await loadPlatform();
    expect(platform.platform).toBe('native');
    expect(await platform.share({ title: 'Burti', url: 'https://burti.ge/?ref=abc' })).toBe('shared');
    expect(await platform.copy('https://burti.ge/?ref=abc')).toBe(true);
    expect(cap.calls).toEqual([
      ['share', { title: 'Burti', text: undefined, url: 'https://burti.ge/?ref=abc', dialogTitle: 'Burti' }],
      ['clipboard', { string: 'https://burti.ge/?ref=abc' }],
    ]);
  });

  it('asks permission, registers and saves the token with its platform', async () => {
    const platform = await loadPlatform();
    const onToken = vi.fn();
    expect(await platform.registerPush(onToken)).toBe(true);
    await flush();
    expect(cap.calls.map(([name]) => name)).toEqual(['requestPermissions', 'getToken']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/push/tokens');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'fcm-token-0123456789', platform: 'android' });
    expect(onToken).toHaveBeenCalledWith('fcm-token-0123456789');
  });

  it('does not register when permission is refused', async () => {
    cap.permission = 'denied';
    const platform = await loadPlatform();
    expect(await platform.registerPush()).toBe(false);
    expect(cap.calls).toEqual([]);
  });

  it('routes notification taps: like and comment to the post, follow to the profile', async () => {
    const platform = await loadPlatform();
    const navigate = vi.fn();
    const stop = platform.onNotificationTap(navigate);
    await flush();
    const tap = (data: Record<string, string>) =>
      emitPush('notificationActionPerformed', { actionId: 'tap', notification: { id: '1', data } });
    tap({ type: 'like', post_id: 'p-1', user_id: 'u', user_nickname: 'nika' });
    tap({ type: 'comment', post_id: 'p-2', user_id: 'u', user_nickname: 'nika' });
    tap({ type: 'follow', user_id: 'u', user_nickname: 'Nika Kvara' });
    expect(navigate.mock.calls).toEqual([['/post/p-1'], ['/post/p-2'], ['/profile/Nika%20Kvara']]);
    stop();
    await flush();
    tap({ type: 'like', post_id: 'p-3', user_id: 'u', user_nickname: 'nika' });
    expect(navigate).toHaveBeenCalledTimes(3);
  });

  it('handles the hardware back button, referral deep links and push after sign-in', async () => {
    const platform = await loadPlatform();
    const router = fakeRouter('/auth');
    const stop = platform.initPlatform(router);
    await flush();
    expect(document.documentElement.dataset.platform).toBe('native');

    // Back: through the history while there is one, a claimed press stays with its handler, then exit.
    setHistoryIndex(2);
    emitApp('backButton', { canGoBack: true });
    expect(router.navigate).toHaveBeenLastCalledWith(-1);
    const release = platform.onBackButton(() => true);
    emitApp('backButton', { canGoBack: true });
    expect(router.navigate).toHaveBeenCalledTimes(1);
    release();
    setHistoryIndex(0);
    emitApp('backButton', { canGoBack: false });
    expect(cap.calls).toContainEqual(['exitApp', null]);

    // A referral link opens the app: the code is kept and the page opened.
    emitApp('appUrlOpen', { url: `${window.location.origin}/?ref=abc123` });
    expect(localStorage.getItem('burti_referral_code')).toBe('abc123');
    emitApp('appUrlOpen', { url: 'ge.burti.app://post/42?startapp=ref_tg777' });
    expect(localStorage.getItem('burti_referral_code')).toBe('tg777');
    expect(router.navigate).toHaveBeenLastCalledWith('/post/42?startapp=ref_tg777');
    emitApp('appUrlOpen', { url: 'https://elsewhere.example/post/1' });
    expect(router.navigate).toHaveBeenLastCalledWith('/post/42?startapp=ref_tg777');

    // Push waits until the fan is inside the app, checks the session once, then registers.
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url === '/api/me'
          ? new Response(JSON.stringify({ me: aMe({ id: 'u1' }) }), { status: 200 })
          : new Response(null, { status: 204 }),
      ),
    );
    router.go('/feed');
    await flush();
    await flush();
    router.go('/club');
    await flush();
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toEqual(['/api/me', '/api/push/tokens']);
    stop();
  });
});

describe('platform inside the Telegram Mini App', () => {
  function fakeWebApp() {
    const backClicks: (() => void)[] = [];
    const webApp = {
      initData: 'query_id=Q&user=%7B%22id%22%3A1%7D&auth_date=1700000000&hash=abc',
      initDataUnsafe: { start_param: 'ref_tgfriend' },
      colorScheme: 'dark' as const,
      themeParams: { bg_color: '#17212b', secondary_bg_color: '#232e3c', text_color: '#f5f5f5', hint_color: '#708499' },
      viewportStableHeight: 640,
      safeAreaInset: { top: 0, bottom: 20, left: 0, right: 0 },
      contentSafeAreaInset: { top: 0, bottom: 4, left: 0, right: 0 },
      ready: vi.fn(),
      expand: vi.fn(),
      onEvent: vi.fn(),
      offEvent: vi.fn(),
      openLink: vi.fn(),
      openTelegramLink: vi.fn(),
      setHeaderColor: vi.fn(),
      setBackgroundColor: vi.fn(),
      disableVerticalSwipes: vi.fn(),
      enableClosingConfirmation: vi.fn(),
      disableClosingConfirmation: vi.fn(),
      BackButton: {
        show: vi.fn(),
        hide: vi.fn(),
        onClick: vi.fn((handler: () => void) => backClicks.push(handler)),
        offClick: vi.fn(),
      },
    };
    window.Telegram = { WebApp: webApp };
    return { webApp, clickBack: () => backClicks.forEach((handler) => handler()) };
  }

  it('becomes a Mini App: ready, expand, theme colours, viewport, safe areas, sign-in first', async () => {
    const { webApp } = fakeWebApp();
    const platform = await loadPlatform();
    expect(platform.platform).toBe('telegram');
    const router = fakeRouter('/', '?startapp=ref_tgfriend');
    const stop = platform.initPlatform(router);
    await flush();
    expect(webApp.ready).toHaveBeenCalled();
    expect(webApp.expand).toHaveBeenCalled();
    expect(webApp.disableVerticalSwipes).toHaveBeenCalled();
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-background')).toBe('#232e3c');
    expect(style.getPropertyValue('--color-card')).toBe('#17212b');
    expect(style.getPropertyValue('--color-foreground')).toBe('#f5f5f5');
    // Telegram's dark hint grey (#708499, 3.6:1 there) is lightened just enough to read at 4.5:1.
    const hint = style.getPropertyValue('--color-muted-foreground');
    expect(hint).not.toBe('#708499');
    expect(contrastRatio(hint, '#232e3c')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(hint, '#17212b')).toBeGreaterThanOrEqual(4.5);
    expect(style.getPropertyValue('--tg-viewport-stable-height')).toBe('640px');
    expect(style.getPropertyValue('--tg-safe-bottom')).toBe('24px');
    expect(document.documentElement.dataset.platform).toBe('telegram');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(webApp.setHeaderColor).toHaveBeenCalledWith('#232e3c');
    expect(webApp.onEvent).toHaveBeenCalledWith('themeChanged', expect.any(Function));
    // The landing is skipped: the auth screen signs the fan in from the init data.
    expect(router.navigate).toHaveBeenCalledWith('/auth?startapp=ref_tgfriend', { replace: true });
    expect(localStorage.getItem('burti_referral_code')).toBe('tgfriend');
    stop();
    expect(webApp.offEvent).toHaveBeenCalledWith('themeChanged', expect.any(Function));
  });

  it('shows the BackButton when the app can go back and navigates back with it', async () => {
    const { webApp, clickBack } = fakeWebApp();
    const platform = await loadPlatform();
    const router = fakeRouter('/feed');
    const stop = platform.initPlatform(router);
    await flush();
    expect(webApp.BackButton.hide).toHaveBeenCalled();
    setHistoryIndex(1);
    router.go('/post/1');
    expect(webApp.BackButton.show).toHaveBeenCalled();
    clickBack();
    expect(router.navigate).toHaveBeenCalledWith(-1);
    stop();
    expect(webApp.BackButton.offClick).toHaveBeenCalled();
  });

  it('hides the BackButton on the feed after onboarding, and on every tab screen, though history is behind them', async () => {
    const { webApp } = fakeWebApp();
    const platform = await loadPlatform();
    const router = fakeRouter('/onboarding');
    const stop = platform.initPlatform(router);
    await flush();
    const visible = () => {
      const shown = webApp.BackButton.show.mock.invocationCallOrder.at(-1) ?? 0;
      const hidden = webApp.BackButton.hide.mock.invocationCallOrder.at(-1) ?? 0;
      return shown > hidden;
    };
    setHistoryIndex(1);
    router.go('/feed');
    expect(visible()).toBe(false);
    setHistoryIndex(2);
    router.go('/notifications');
    expect(visible()).toBe(false);
    setHistoryIndex(3);
    router.go('/profile/nika');
    expect(visible()).toBe(true);
    setHistoryIndex(4);
    router.go('/profile');
    expect(visible()).toBe(false);
    // A sheet that claims the press shows it anywhere.
    const release = platform.onBackButton(() => true);
    expect(visible()).toBe(true);
    release();
    expect(visible()).toBe(false);
    stop();
  });

  it('asks before closing while a post is being written', async () => {
    const { webApp } = fakeWebApp();
    const platform = await loadPlatform();
    const first = platform.confirmBeforeClosing();
    const second = platform.confirmBeforeClosing();
    expect(webApp.enableClosingConfirmation).toHaveBeenCalledTimes(2);
    first();
    first();
    expect(webApp.disableClosingConfirmation).not.toHaveBeenCalled();
    second();
    expect(webApp.disableClosingConfirmation).toHaveBeenCalledTimes(1);
  });

  it('shares through Telegram, opens links with openLink and gives the init data to sign in with', async () => {
    const { webApp } = fakeWebApp();
    const platform = await loadPlatform();
    const stop = platform.initPlatform(fakeRouter('/feed'));
    await flush();
    expect(await platform.share({ title: 'Join me on Burti', url: 'https://t.me/burti_bot?startapp=ref_x' })).toBe(
      'shared',
    );
    const shareLink = new URL(webApp.openTelegramLink.mock.calls[0]![0] as string);
    expect(shareLink.origin + shareLink.pathname).toBe('https://t.me/share/url');
    expect(shareLink.searchParams.get('url')).toBe('https://t.me/burti_bot?startapp=ref_x');

    platform.openExternal('https://example.com/news');
    expect(webApp.openLink).toHaveBeenCalledWith('https://example.com/news');

    // A plain external link in the page goes through Telegram too; in-app links are left to the router.
    const anchor = document.createElement('a');
    anchor.href = 'https://uefa.com/';
    anchor.textContent = 'UEFA';
    document.body.append(anchor);
    anchor.click();
    expect(webApp.openLink).toHaveBeenLastCalledWith('https://uefa.com/');
    anchor.remove();

    const { telegramInitData, telegramStartParam } = await import('./telegram');
    expect(await telegramInitData()).toBe(webApp.initData);
    expect(telegramStartParam()).toBe('ref_tgfriend');
    stop();
  });

  it('recognises a launch from the address alone and loads Telegram’s script then', async () => {
    window.history.replaceState(null, '', '/#tgWebAppData=query_id%3DQ%26hash%3Dabc&tgWebAppVersion=8.0');
    const platform = await loadPlatform();
    expect(platform.platform).toBe('telegram');
    const stop = platform.initPlatform(fakeRouter('/feed'));
    const script = document.head.querySelector<HTMLScriptElement>(
      'script[src="https://telegram.org/js/telegram-web-app.js"]',
    );
    expect(script).not.toBeNull();
    // Telegram's script would define the object; without it the address's copy of the init data is used.
    script!.dispatchEvent(new Event('error'));
    const { telegramInitData } = await import('./telegram');
    expect(await telegramInitData()).toBe('query_id=Q&hash=abc');
    stop();
    script!.remove();
    // A reload (after signing in) still knows it is inside Telegram.
    window.history.replaceState(null, '', '/feed');
    expect((await loadPlatform()).platform).toBe('telegram');
  });
});
