// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

function installPromptEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  return event;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  delete window.Telegram;
});

describe('the install offer', () => {
  it('is never made on a first visit, comes after a first post or like, and only once', async () => {
    vi.resetModules();
    const pwa = await import('./pwa');
    pwa.startPwa();
    const offers = vi.fn();
    pwa.onInstallOfferChange(() => offers(pwa.canOfferInstall()));

    const event = installPromptEvent();
    window.dispatchEvent(event);
    // The browser's own mini-infobar is held back, and nothing is offered yet.
    expect(event.defaultPrevented).toBe(true);
    expect(pwa.canOfferInstall()).toBe(false);

    pwa.noteEngagement();
    expect(pwa.canOfferInstall()).toBe(true);
    expect(offers).toHaveBeenLastCalledWith(true);

    expect(await pwa.install()).toBe(true);
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(pwa.canOfferInstall()).toBe(false);
    window.dispatchEvent(installPromptEvent());
    pwa.noteEngagement();
    expect(pwa.canOfferInstall()).toBe(false);
  });

  it('links the manifest once the page has loaded and been idle, in the app’s language', async () => {
    vi.resetModules();
    document.head.innerHTML = '';
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const pwa = await import('./pwa');
    pwa.setManifestLanguage('ka');
    expect(document.querySelector('link[rel=manifest]')).toBeNull();
    pwa.startPwa();
    window.dispatchEvent(new Event('load'));
    // Loaded, but the first screen is still being drawn: nothing asks for the manifest yet.
    expect(document.querySelector('link[rel=manifest]')).toBeNull();
    expect(idle).toHaveLength(1);
    idle[0]!();
    vi.unstubAllGlobals();
    expect(document.querySelectorAll('link[rel=manifest]')).toHaveLength(1);
    expect(document.querySelector('link[rel=manifest]')?.getAttribute('href')).toBe('/manifest.ka.webmanifest');
  });

  it('follows the app’s language with the manifest', async () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    const { setManifestLanguage } = await import('./pwa');
    setManifestLanguage('ka');
    expect(document.querySelector('link[rel=manifest]')?.getAttribute('href')).toBe('/manifest.ka.webmanifest');
    setManifestLanguage('en');
    expect(document.querySelector('link[rel=manifest]')?.getAttribute('href')).toBe('/manifest.webmanifest');
  });
});
