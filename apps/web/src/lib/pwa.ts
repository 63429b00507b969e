/**
 * The installable web app: the service worker (offline app shell, Web Push), the manifest in the fan's language,
 * and the browser's install prompt, kept for a sensible moment: after the fan's first post or like, never on a
 * first visit. Only in a browser tab of the production build: the native app and the Telegram Mini App are
 * installed apps already.
 */
import { whenIdle } from './idle';
import { platform } from './platform';

export const SERVICE_WORKER_URL = '/sw.js';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferredPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const ENGAGED_KEY = 'burti_engaged';
const DISMISSED_KEY = 'burti_install_dismissed';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function startPwa(): void {
  if (platform !== 'web' || typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Not now: the prompt is offered once the fan has posted or liked (offerInstall).
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    listeners.forEach((listener) => listener());
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    listeners.forEach((listener) => listener());
  });
  // What makes the app installable (the manifest, with the icon a browser fetches for it, and the service worker)
  // waits until the page has loaded and then been idle, its first screen drawn: it takes none of the connections
  // the first screen's files, data and photos need. (The load event alone comes before the screen: its code and
  // data arrive by script.)
  const afterFirstScreen = () => {
    linkManifest();
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
    }
  };
  const afterLoad = () => whenIdle(afterFirstScreen);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

let manifestLanguage = 'en';
const manifestHref = (language: string) =>
  language.startsWith('ka') ? '/manifest.ka.webmanifest' : '/manifest.webmanifest';

/** Links the page to its manifest (in the app's language), once. */
function linkManifest(): void {
  if (document.querySelector('link[rel=manifest]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = manifestHref(manifestLanguage);
  document.head.append(link);
}

/** Points the page at the manifest whose name and description are in the app's language. */
export function setManifestLanguage(language: string): void {
  manifestLanguage = language;
  const link = typeof document === 'undefined' ? null : document.querySelector<HTMLLinkElement>('link[rel=manifest]');
  if (link && link.getAttribute('href') !== manifestHref(language)) link.setAttribute('href', manifestHref(language));
}

/** The fan posted or liked: the moment to offer installing, once. */
export function noteEngagement(): void {
  storage()?.setItem(ENGAGED_KEY, '1');
  listeners.forEach((listener) => listener());
}

export function canOfferInstall(): boolean {
  const store = storage();
  return deferredPrompt !== null && store?.getItem(ENGAGED_KEY) === '1' && store.getItem(DISMISSED_KEY) !== '1';
}

export function onInstallOfferChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; either answer is final (the offer is not repeated). */
export async function install(): Promise<boolean> {
  const prompt = deferredPrompt;
  deferredPrompt = null;
  storage()?.setItem(DISMISSED_KEY, '1');
  listeners.forEach((listener) => listener());
  if (!prompt) return false;
  await prompt.prompt();
  return (await prompt.userChoice).outcome === 'accepted';
}

export function dismissInstall(): void {
  storage()?.setItem(DISMISSED_KEY, '1');
  listeners.forEach((listener) => listener());
}
