/**
 * Referral helpers without zod, so that the web app's first screen (which records a device's referral) does not
 * pull the schema library into its bundle.
 */
export const REFERRAL_SOURCES = ['web', 'telegram'] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];
/** A Telegram start parameter carrying a referral code: `ref_{code}`. */
export const REFERRAL_START_PREFIX = 'ref_';

/** The code from a start parameter, when it is a referral one. */
export function codeFromStartParam(startParam: string | null | undefined): string | null {
  if (!startParam?.startsWith(REFERRAL_START_PREFIX)) return null;
  const code = startParam.slice(REFERRAL_START_PREFIX.length).trim();
  return code || null;
}
