import type { Unsubscribe } from './detect';

// ---- Back navigation (the browser's history, the native back button, Telegram's BackButton) -------------------------

type BackHandler = () => boolean | void;
const backHandlers: BackHandler[] = [];
/** Told whenever a back handler comes or goes (Telegram's BackButton shows or hides by it, start.ts). */
export const backListeners = new Set<() => void>();

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

/**
 * The app's top-level screens: the bottom navigation moves between them, so Telegram's BackButton is not shown
 * there (after onboarding the feed has history behind it, but nothing to go back to).
 */
const ROOT_SCREEN = /^\/(?:$|auth|onboarding|feed|club|notifications|profile)\/?$/;

/** Whether Telegram's BackButton has somewhere to go: a claimed press (a sheet), or history on an inner screen. */
export function hasSomewhereToGoBack(pathname: string): boolean {
  return backHandlers.length > 0 || (canGoBack() && !ROOT_SCREEN.test(pathname));
}
