import { REFERRAL_FLAG_KEY } from '@burti/shared';

const CODE_KEY = 'burti_referral_code';

/** Keeps a referral code from the link until the new fan has an account to record it against. */
export function rememberReferral(code: string): void {
  try {
    if (localStorage.getItem(REFERRAL_FLAG_KEY) === 'true') return;
    localStorage.setItem(CODE_KEY, code.slice(0, 64));
  } catch {
    // Storage can be unavailable (private mode); the referral is then simply not kept.
  }
}

export function pendingReferral(): string | null {
  try {
    return localStorage.getItem(CODE_KEY);
  } catch {
    return null;
  }
}
