/**
 * The Telegram Mini App side of the platform module: detects a launch inside Telegram, loads Telegram's
 * script only then, and adapts the app to it (theme colours, viewport, BackButton, safe areas, links).
 */

import { betterOn, ensureContrast } from '../contrast';

export type TelegramThemeParams = Partial<
  Record<
    | 'bg_color'
    | 'text_color'
    | 'hint_color'
    | 'link_color'
    | 'button_color'
    | 'button_text_color'
    | 'secondary_bg_color'
    | 'header_bg_color'
    | 'bottom_bar_bg_color'
    | 'accent_text_color'
    | 'section_bg_color'
    | 'section_separator_color'
    | 'destructive_text_color',
    string
  >
>;

type Insets = { top: number; bottom: number; left: number; right: number };
type TelegramEvent = 'themeChanged' | 'viewportChanged' | 'safeAreaChanged' | 'contentSafeAreaChanged';

/** The part of `window.Telegram.WebApp` this app uses (see core.telegram.org/bots/webapps). */
export type TelegramWebApp = {
  initData: string;
  initDataUnsafe?: { start_param?: string };
  version?: string;
  platform?: string;
  colorScheme?: 'light' | 'dark';
  themeParams?: TelegramThemeParams;
  viewportHeight?: number;
  viewportStableHeight?: number;
  safeAreaInset?: Insets;
  contentSafeAreaInset?: Insets;
  ready: () => void;
  expand: () => void;
  onEvent?: (event: TelegramEvent, handler: () => void) => void;
  offEvent?: (event: TelegramEvent, handler: () => void) => void;
  openLink?: (url: string, options?: { try_instant_view?: boolean }) => void;
  openTelegramLink?: (url: string) => void;
  setHeaderColor?: (color: string) => void;
  setBackgroundColor?: (color: string) => void;
  setBottomBarColor?: (color: string) => void;
  disableVerticalSwipes?: () => void;
  enableClosingConfirmation?: () => void;
  disableClosingConfirmation?: () => void;
  isVersionAtLeast?: (version: string) => boolean;
  BackButton?: {
    isVisible?: boolean;
    show: () => void;
    hide: () => void;
    onClick: (handler: () => void) => void;
    offClick: (handler: () => void) => void;
  };
};

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

export const TELEGRAM_SCRIPT_URL = 'https://telegram.org/js/telegram-web-app.js';
/** Set once a launch inside Telegram is seen, so a reload (after sign-in) still knows. */
const LAUNCH_FLAG = 'burti_telegram';

export function telegramWebApp(): TelegramWebApp | undefined {
  return typeof window === 'undefined' ? undefined : window.Telegram?.WebApp;
}

function storedLaunch(): boolean {
  try {
    return sessionStorage.getItem(LAUNCH_FLAG) === '1' || !!sessionStorage.getItem('__telegram__initParams');
  } catch {
    return false;
  }
}

/** Telegram opens Mini Apps with `#tgWebAppData=…` (and keeps it in sessionStorage across reloads). */
export function isTelegramLaunch(): boolean {
  if (typeof window === 'undefined') return false;
  const launched = !!telegramWebApp()?.initData || window.location.hash.includes('tgWebAppData=') || storedLaunch();
  if (launched) {
    try {
      sessionStorage.setItem(LAUNCH_FLAG, '1');
    } catch {
      // No storage: detection then relies on Telegram's own data.
    }
  }
  return launched;
}

let loading: Promise<TelegramWebApp | undefined> | undefined;

/** Telegram's WebApp object, loading telegram-web-app.js first when it is not on the page yet. */
export function loadTelegramWebApp(): Promise<TelegramWebApp | undefined> {
  const present = telegramWebApp();
  if (present) return Promise.resolve(present);
  loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = TELEGRAM_SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve(telegramWebApp());
    script.onerror = () => resolve(undefined);
    document.head.append(script);
  });
  return loading;
}

/** The signed init data to sign in with: Telegram's object, else the launch address's own copy. */
export async function telegramInitData(): Promise<string | null> {
  const webApp = await loadTelegramWebApp();
  if (webApp?.initData) return webApp.initData;
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('tgWebAppData');
  return fromHash || null;
}

/** The start parameter: Telegram's (direct links), else `startapp` of the page address (the bot's button). */
export function telegramStartParam(): string | null {
  const signed = telegramWebApp()?.initDataUnsafe?.start_param;
  if (signed) return signed;
  const query = new URLSearchParams(window.location.search);
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return query.get('startapp') ?? query.get('tgWebAppStartParam') ?? hash.get('tgWebAppStartParam');
}

const HEX = /^#[0-9a-f]{3,8}$/i;

/** The app's own colours, used where Telegram's theme gives none. */
const APP = {
  background: '#f7f7f8',
  card: '#ffffff',
  foreground: '#16171d',
  mutedForeground: '#5c5c66',
  brand: '#d71920',
  danger: '#c81e1e',
  white: '#ffffff',
};

/**
 * Telegram's colours mapped onto the design tokens. Every text colour is held to 4.5:1 against the surfaces it
 * sits on (background, cards, muted fills): one that falls short (a dark theme's hint grey, the brand red on
 * near-black) is lightened or darkened just enough, and the brand and danger fills get the text colour that
 * reads on them.
 */
export function themeVariables(theme: TelegramThemeParams): Record<string, string> {
  const hex = (value: string | undefined) => (value && HEX.test(value) ? value : undefined);
  const background = hex(theme.secondary_bg_color) ?? hex(theme.bg_color);
  const card = hex(theme.section_bg_color) ?? hex(theme.bg_color);
  const muted = hex(theme.secondary_bg_color);
  const surfaces = [background ?? APP.background, card ?? APP.card, muted ?? background ?? APP.background];
  const readable = (color: string | undefined) => (color ? ensureContrast(color, surfaces) : undefined);
  const themed = background !== undefined || card !== undefined;
  const brand = themed ? ensureContrast(APP.brand, surfaces) : undefined;
  const danger = themed ? ensureContrast(APP.danger, surfaces) : undefined;
  const text = readable(hex(theme.text_color)) ?? (themed ? ensureContrast(APP.foreground, surfaces) : undefined);
  const vars: Record<string, string | undefined> = {
    '--color-background': background,
    '--color-card': card,
    '--color-foreground': text,
    '--color-card-foreground': text,
    '--color-muted': muted,
    '--color-muted-foreground':
      readable(hex(theme.hint_color)) ?? (themed ? ensureContrast(APP.mutedForeground, surfaces) : undefined),
    '--color-border': hex(theme.section_separator_color),
    '--color-brand': brand !== APP.brand ? brand : undefined,
    '--color-ring': brand !== APP.brand ? brand : undefined,
    '--color-brand-foreground':
      brand && brand !== APP.brand ? betterOn(brand, APP.white, background ?? APP.foreground) : undefined,
    '--color-danger': danger !== APP.danger ? danger : undefined,
    '--color-danger-foreground':
      danger && danger !== APP.danger ? betterOn(danger, APP.white, background ?? APP.foreground) : undefined,
  };
  return Object.fromEntries(
    Object.entries(vars).filter((entry): entry is [string, string] => !!entry[1] && HEX.test(entry[1])),
  );
}

function applyTheme(webApp: TelegramWebApp): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(webApp.themeParams ?? {}))) {
    root.style.setProperty(name, value);
  }
  root.style.colorScheme = webApp.colorScheme ?? 'light';
  root.dataset.theme = webApp.colorScheme ?? 'light';
  const background = webApp.themeParams?.secondary_bg_color ?? webApp.themeParams?.bg_color;
  if (background && HEX.test(background)) {
    webApp.setHeaderColor?.(background);
    webApp.setBackgroundColor?.(background);
    webApp.setBottomBarColor?.(background);
  }
}

function applyViewport(webApp: TelegramWebApp): void {
  const root = document.documentElement;
  const px = (value: number | undefined) => (typeof value === 'number' && value > 0 ? `${value}px` : null);
  const height = px(webApp.viewportStableHeight ?? webApp.viewportHeight);
  if (height) root.style.setProperty('--tg-viewport-stable-height', height);
  // The visible height right now: smaller while the keyboard is open.
  const visible = px(webApp.viewportHeight ?? webApp.viewportStableHeight);
  if (visible) root.style.setProperty('--tg-viewport-height', visible);
  const safe = webApp.safeAreaInset;
  const content = webApp.contentSafeAreaInset;
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    root.style.setProperty(`--tg-safe-${side}`, `${(safe?.[side] ?? 0) + (content?.[side] ?? 0)}px`);
  }
}

/**
 * Inside Telegram the page is the visible viewport (not the device's), and Telegram's own bars take the place
 * of the device's safe areas: the full-height screens and the bottom navigation follow both. Sheets (the
 * composer) sit on top of the visible area, so the keyboard never covers their buttons.
 */
const TELEGRAM_CSS = `
html[data-platform='telegram'] .min-h-dvh { min-height: var(--tg-viewport-stable-height, 100dvh); }
html[data-platform='telegram'] .h-dvh { height: var(--tg-viewport-stable-height, 100dvh); }
html[data-platform='telegram'] .pb-safe { padding-bottom: max(env(safe-area-inset-bottom), var(--tg-safe-bottom, 0px)); }
html[data-platform='telegram'] .pt-safe { padding-top: max(env(safe-area-inset-top), var(--tg-safe-top, 0px)); }
html[data-platform='telegram'] [data-slot='dialog-content'] {
  bottom: max(0px, calc(100vh - var(--tg-viewport-height, 100vh)));
  max-height: calc(var(--tg-viewport-height, 100dvh) * 0.9);
  padding-bottom: calc(1.5rem + var(--tg-safe-bottom, 0px));
}
`;

/** Makes the page a Mini App: ready/expand, theme, viewport, safe areas. Returns a cleanup. */
export function setupTelegramPage(webApp: TelegramWebApp): () => void {
  const root = document.documentElement;
  root.dataset.platform = 'telegram';
  if (!document.getElementById('burti-telegram-css')) {
    const style = document.createElement('style');
    style.id = 'burti-telegram-css';
    style.textContent = TELEGRAM_CSS;
    document.head.append(style);
  }
  applyTheme(webApp);
  applyViewport(webApp);
  const onTheme = () => applyTheme(webApp);
  const onViewport = () => applyViewport(webApp);
  webApp.onEvent?.('themeChanged', onTheme);
  webApp.onEvent?.('viewportChanged', onViewport);
  webApp.onEvent?.('safeAreaChanged', onViewport);
  webApp.onEvent?.('contentSafeAreaChanged', onViewport);
  webApp.ready();
  webApp.expand();
  // Scrolling the feed should not pull the Mini App closed.
  if (webApp.isVersionAtLeast?.('7.7') ?? true) webApp.disableVerticalSwipes?.();
  return () => {
    webApp.offEvent?.('themeChanged', onTheme);
    webApp.offEvent?.('viewportChanged', onViewport);
    webApp.offEvent?.('safeAreaChanged', onViewport);
    webApp.offEvent?.('contentSafeAreaChanged', onViewport);
  };
}
