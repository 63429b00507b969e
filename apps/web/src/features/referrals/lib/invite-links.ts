import { REFERRAL_START_PREFIX } from '@burti/shared';
import { apiBase } from '../../../lib/api';

/** The Telegram bot and its Mini App short name: build-time configuration. */
const telegramBot = (import.meta.env.VITE_TELEGRAM_BOT as string | undefined) || 'BurtiBot';
const telegramApp = (import.meta.env.VITE_TELEGRAM_APP as string | undefined) || 'app';

/** Opens the bot's Mini App with the start parameter `ref_{code}`. */
export function telegramInviteLink(code: string): string {
  return `https://t.me/${telegramBot}/${telegramApp}?startapp=${REFERRAL_START_PREFIX}${encodeURIComponent(code)}`;
}

/**
 * The site root with `?ref={code}`. Inside the native shell the page's own origin is not a public address, so the
 * API's (which serves the same app) is used when one is configured.
 */
export function webInviteLink(code: string, origin: string = apiBase || window.location.origin): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}

/** Telegram's share screen for a link and a message. */
export function telegramShareUrl(link: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}
