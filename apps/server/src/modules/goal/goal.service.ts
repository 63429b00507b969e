import { codeFromStartParam, type RecordReferralInput, type ReferralListResponse } from '@burti/shared';
import type { Db, Executor } from '../../db/client.js';
import { versionedAvatar } from '../../lib/avatar.js';
import type { Viewer } from '../../plugins/auth.js';
import type { AnswerRecorder } from '../../plugins/idempotency.js';
import * as q from './goal.queries.js';

type Deps = { db: Db; viewer: Viewer };

const REFERRAL_LIST_LIMIT = 500;

/**
 * Pays the referrer of `userId` once the referee has become a real member (decisions.md). Call it inside the
 * transaction of the activity that may complete it (first post, comment or like, the club choice, the referral
 * itself): the reward then lands with that activity or not at all, and exactly once.
 */
export async function completeReferralIfReady(tx: Executor, userId: string): Promise<boolean> {
  return (await q.rewardReadyReferral(tx, userId)) !== null;
}

export async function getBalance({ db, viewer }: Deps): Promise<{ balance: number }> {
  return { balance: await q.goalBalance(db, viewer.id) };
}

/** goal-process-events, mode 'user': the same check as the activities run, safe to repeat. */
export async function processGoalEvents({ db, viewer }: Deps): Promise<{ balance: number }> {
  await db.transaction((tx) => completeReferralIfReady(tx, viewer.id));
  return getBalance({ db, viewer });
}

/** The code to record: a `ref_` start parameter wins over the web code. */
function referralCode(input: RecordReferralInput): string | null {
  const code = codeFromStartParam(input.startParam) ?? input.code ?? null;
  return code ? code.toLowerCase() : null;
}

/**
 * The signed-in referee records who invited them. Refused (false, nothing written) for an unknown code, one's
 * own code, an account older than the limit, or a referee who already has a referral.
 */
export async function recordReferral({
  db,
  viewer,
  input,
  answer,
}: Deps & { input: RecordReferralInput; answer?: AnswerRecorder<boolean> }): Promise<boolean> {
  const code = referralCode(input);
  if (!code) return false;
  return db.transaction(async (tx) => {
    const referrer = await q.findReferrerByCode(tx, code);
    if (!referrer || referrer.id === viewer.id) return false;
    if (!(await q.isReferableAccount(tx, viewer.id))) return false;
    const recorded = await q.insertReferral(tx, {
      referrerId: referrer.id,
      refereeId: viewer.id,
      source: input.source,
      code,
      startParam: input.startParam ?? null,
    });
    // A referee who is already active (a Telegram fan who posted before opening the link) is paid at once.
    if (recorded) await completeReferralIfReady(tx, viewer.id);
    await answer?.(tx, recorded);
    return recorded;
  });
}

export async function listReferrals({ db, viewer }: Deps): Promise<ReferralListResponse> {
  const [rows, totalInvited, earned, leftCount, balance] = await Promise.all([
    q.listReferrals(db, viewer.id, REFERRAL_LIST_LIMIT),
    q.countReferrals(db, viewer.id),
    q.earnedFrom(db, viewer.id, 'referral'),
    q.countLeftReferrals(db, viewer.id),
    q.goalBalance(db, viewer.id),
  ]);
  return {
    totalInvited,
    earned,
    leftCount,
    balance,
    referrals: rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      source: row.source,
      rewarded: row.rewarded,
      referee: {
        id: row.referee_id,
        nickname: row.referee_nickname,
        avatarUrl: versionedAvatar(row.referee_avatar_url, row.referee_updated_at),
      },
    })),
  };
}
