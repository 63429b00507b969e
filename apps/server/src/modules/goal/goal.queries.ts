import { REFERRAL_MAX_ACCOUNT_AGE_DAYS, REFERRAL_REWARD } from '@burti/shared';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor, rowLimit } from '../../db/client.js';
import { goalLedger, goalReferrals, profiles } from '../../db/schema/index.js';
import { visibleTo } from '../../lib/visibility.js';

/** The balance is the ledger's sum, never a stored number. */
export async function goalBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${goalLedger.amount}), 0)::int` })
    .from(goalLedger)
    .where(eq(goalLedger.userId, userId));
  return row?.balance ?? 0;
}

export async function earnedFrom(db: Executor, userId: string, kind: string): Promise<number> {
  const [row] = await db
    .select({ earned: sql<number>`coalesce(sum(${goalLedger.amount}), 0)::int` })
    .from(goalLedger)
    .where(and(eq(goalLedger.userId, userId), eq(goalLedger.kind, kind)));
  return row?.earned ?? 0;
}

export async function findReferrerByCode(db: Executor, code: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.referralCode, code)).limit(1);
  return row ?? null;
}

/** The referee can still be referred: the account exists, is not blocked and is young enough. */
export async function isReferableAccount(db: Executor, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select (p.created_at > now() - make_interval(days => ${REFERRAL_MAX_ACCOUNT_AGE_DAYS}) and not p.is_blocked) as ok
      from profiles p where p.id = ${userId}`,
  );
  return row?.ok === true;
}

/** Inserts the referral unless the referee already has one; returns whether this call wrote it. */
export async function insertReferral(
  db: Executor,
  values: {
    referrerId: string;
    refereeId: string;
    source: 'web' | 'telegram';
    code: string;
    startParam: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .insert(goalReferrals)
    .values(values)
    .onConflictDoNothing({ target: goalReferrals.refereeId })
    .returning({ id: goalReferrals.id });
  return rows.length > 0;
}

/**
 * Turns the referee's pending referral into a rewarded one when the referee is real: email confirmed (or a
 * Telegram account), not blocked, a club chosen, and at least one post, comment or like made. The conditional
 * update lets exactly one transaction win; the ledger's unique (kind, source_id) is the second guard.
 * Returns the referral paid, if this call paid it.
 */
export async function rewardReadyReferral(
  db: Executor,
  refereeId: string,
): Promise<{ id: string; referrerId: string } | null> {
  const [paid] = await queryRows<{ id: string; referrer_id: string }>(
    db,
    sql`update goal_referrals r set rewarded = true, rewarded_at = now()
      from profiles p join "user" u on u.id = p.id
      where r.referee_id = ${refereeId} and not r.rewarded
        and p.id = r.referee_id
        and not p.is_blocked
        and (u.email_verified or p.telegram_id is not null)
        and p.primary_club_id is not null
        and (exists (select 1 from posts x where x.author_id = p.id)
          or exists (select 1 from comments x where x.author_id = p.id)
          or exists (select 1 from likes x where x.user_id = p.id))
      returning r.id, r.referrer_id`,
  );
  if (!paid) return null;
  await db
    .insert(goalLedger)
    .values({ userId: paid.referrer_id, amount: REFERRAL_REWARD, kind: 'referral', sourceId: paid.id })
    .onConflictDoNothing({ target: [goalLedger.kind, goalLedger.sourceId] });
  return { id: paid.id, referrerId: paid.referrer_id };
}

export type ReferralRow = {
  id: string;
  created_at: Date | string;
  source: 'web' | 'telegram';
  rewarded: boolean;
  referee_id: string;
  referee_nickname: string;
  referee_avatar_url: string | null;
  referee_updated_at: Date | string;
};

/** The referrer's referrals, newest first, without referees the referrer must not see. */
export async function listReferrals(db: Executor, referrerId: string, limit: number): Promise<ReferralRow[]> {
  return queryRows<ReferralRow>(
    db,
    sql`select r.id, r.created_at, r.source, r.rewarded,
        p.id as referee_id, p.nickname as referee_nickname, p.avatar_url as referee_avatar_url,
        p.updated_at as referee_updated_at
      from goal_referrals r
      join profiles p on p.id = r.referee_id
      where r.referrer_id = ${referrerId} and ${visibleTo(referrerId, sql`r.referee_id`)}
      order by r.created_at desc, r.id desc
      limit ${rowLimit(limit)}`,
  );
}

/**
 * Rewards for referrals whose referee has since deleted their account (the referral row went with them; the
 * ledger entry, and so the $GOAL, stays).
 */
export async function countLeftReferrals(db: Executor, referrerId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from goal_ledger l
      where l.user_id = ${referrerId} and l.kind = 'referral'
        and not exists (select 1 from goal_referrals r where r.id::text = l.source_id)`,
  );
  return row?.count ?? 0;
}

export async function countReferrals(db: Executor, referrerId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from goal_referrals r
      where r.referrer_id = ${referrerId} and ${visibleTo(referrerId, sql`r.referee_id`)}`,
  );
  return row?.count ?? 0;
}
