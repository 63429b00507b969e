/**
 * Telegram accounts have no email, but better-auth's user table needs one: they get a placeholder under the
 * reserved `.invalid` domain (RFC 2606), which no mail can reach and no sign-up form accepts as someone else's.
 */
export const TELEGRAM_EMAIL_DOMAIN = 'telegram.invalid';

export function telegramPlaceholderEmail(telegramId: number): string {
  return `tg${telegramId}@${TELEGRAM_EMAIL_DOMAIN}`;
}

/** The email to show: null for a Telegram account's placeholder. */
export function visibleEmail(email: string): string | null {
  return email.toLowerCase().endsWith(`@${TELEGRAM_EMAIL_DOMAIN}`) ? null : email;
}
