import { loadNative, platform, type ShareOutcome } from './detect';
import { telegramWebApp } from './telegram';

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
