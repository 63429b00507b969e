import {
  codeFromStartParam,
  REFERRAL_FLAG_KEY,
  type RecordReferralInput,
  type RecordReferralResponse,
} from '@burti/shared';
import { useEffect } from 'react';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { telegramStartParam } from '../../../lib/platform/telegram';
import { pendingReferral } from '../../../lib/referral';
import { useMe } from '../../auth/api/get-me';

const recordReferralCall = endpoint('recordReferral', 'POST', '/api/goal/referrals');

export function recordReferral(input: RecordReferralInput): Promise<RecordReferralResponse> {
  return withIntent('referral', JSON.stringify(input), (idempotencyKey) =>
    call(recordReferralCall, { body: input }, { idempotencyKey }),
  );
}

/**
 * What this device would record: a `ref_{code}` start parameter of the Telegram Mini App wins (source telegram);
 * otherwise the code kept from the landing page's `?ref=` (source web); otherwise nothing.
 */
export function referralToRecord(): RecordReferralInput | null {
  const startParam = telegramStartParam();
  const telegramCode = codeFromStartParam(startParam);
  if (startParam && telegramCode) return { source: 'telegram', code: telegramCode, startParam };
  const webCode = pendingReferral();
  return webCode ? { source: 'web', code: webCode } : null;
}

function isProcessed(): boolean {
  try {
    return localStorage.getItem(REFERRAL_FLAG_KEY) === 'true';
  } catch {
    return false;
  }
}

function markProcessed(): void {
  try {
    localStorage.setItem(REFERRAL_FLAG_KEY, 'true');
  } catch {
    // Without storage the server's once-per-referee rule still holds.
  }
}

async function attempt(record: typeof recordReferral): Promise<void> {
  try {
    const input = referralToRecord();
    if (input) await record(input);
  } catch (error) {
    console.warn('Could not record the referral', error);
  } finally {
    markProcessed();
  }
}

let inFlight: Promise<void> | null = null;

/**
 * Records the referral once per device: the flag is set after a success, after a failure, and when there is no
 * code. Failures are logged, never shown. Concurrent callers share one attempt.
 */
export function processReferralOnce(record: typeof recordReferral = recordReferral): Promise<void> {
  if (isProcessed()) return Promise.resolve();
  inFlight ??= attempt(record).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Mount once in the signed-in app: when a fan is signed in, this device's referral (if any) is recorded. */
export function useRecordReferral(): void {
  const { data: me } = useMe();
  const userId = me?.id;
  useEffect(() => {
    if (userId) void processReferralOnce();
  }, [userId]);
}
