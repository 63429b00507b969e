import { REFERRAL_REWARD, type ReferralListResponse } from '@burti/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { clubs, goalLedger, goalReferrals, profiles, user } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
let dinamo: number;

beforeAll(async () => {
  t = await createTestApp();
  const [club] = await t.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.name, 'Dinamo Tbilisi'));
  dinamo = club!.id;
});
afterAll(async () => t?.close());

async function codeOf(fan: { userId: string }): Promise<string> {
  const [row] = await t.db.select({ code: profiles.referralCode }).from(profiles).where(eq(profiles.id, fan.userId));
  return row!.code;
}

async function record(fan: Fan, body: Record<string, unknown>): Promise<boolean> {
  const response = await fan.post('/api/goal/referrals', { source: 'web', ...body });
  expect(response.statusCode).toBe(200);
  return response.json<{ recorded: boolean }>().recorded;
}

const referralsOf = (refereeId: string) =>
  t.db.select().from(goalReferrals).where(eq(goalReferrals.refereeId, refereeId));
const ledgerOf = (userId: string) => t.db.select().from(goalLedger).where(eq(goalLedger.userId, userId));

/** The balance the API reports, checked against the ledger's sum every time it is read. */
async function balance(fan: Fan): Promise<number> {
  const response = await fan.get('/api/goal/balance');
  expect(response.statusCode).toBe(200);
  const reported = response.json<{ balance: number }>().balance;
  const [sum] = await queryRows<{ sum: number }>(
    t.db,
    sql`select coalesce(sum(amount), 0)::int as sum from goal_ledger where user_id = ${fan.userId}`,
  );
  expect(reported).toBe(sum!.sum);
  return reported;
}

/** A fan without the activity that makes a referee real: no club, no post, comment or like yet. */
async function newcomer(): Promise<Fan> {
  const [fan] = await t.createFans(1);
  await t.db.update(profiles).set({ primaryClubId: null }).where(eq(profiles.id, fan!.userId));
  return fan!;
}

async function somePost(): Promise<string> {
  const [author] = await t.createFans(1);
  const response = await author!.post('/api/posts', { text: 'Something to like' });
  expect(response.statusCode).toBe(201);
  return response.json().post.id;
}

/** Referrals whose referee deleted their account: the row went with them, the referrer's ledger row stays. */
const departed = new Set<string>();

/** After every test: a referral is rewarded exactly when one +35 'referral' ledger row pays its referrer. */
afterEach(async () => {
  const broken = await queryRows<{ id: string }>(
    t.db,
    sql`select coalesce(r.id::text, g.source_id) as id
      from goal_referrals r
      full join (select * from goal_ledger where kind = 'referral') g on g.source_id = r.id::text
      where r.id is null
        or (g.id is null and r.rewarded)
        or (g.id is not null and (not r.rewarded or g.user_id <> r.referrer_id or g.amount <> ${REFERRAL_REWARD}))`,
  );
  expect(broken.filter((row) => !departed.has(row.id))).toEqual([]);
});

describe('$GOAL balance', () => {
  it('is the sum of the ledger, on /api/goal/balance and /api/me alike', async () => {
    const [fan] = await t.createFans(1);
    expect(await balance(fan!)).toBe(0);
    await t.db.insert(goalLedger).values([
      { userId: fan!.userId, amount: 35, kind: 'test', sourceId: `${fan!.userId}:1` },
      { userId: fan!.userId, amount: 35, kind: 'test', sourceId: `${fan!.userId}:2` },
      { userId: fan!.userId, amount: -20, kind: 'test', sourceId: `${fan!.userId}:3` },
    ]);
    expect(await balance(fan!)).toBe(50);
    expect((await fan!.get('/api/me')).json().me.goalBalance).toBe(50);
    // The ledger pays an event once: the same (kind, source) again is refused by the database.
    await expect(
      t.db.insert(goalLedger).values({ userId: fan!.userId, amount: 35, kind: 'test', sourceId: `${fan!.userId}:1` }),
    ).rejects.toThrow();
    expect(await balance(fan!)).toBe(50);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/goal/balance' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/goal/referrals' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/goal/referrals', payload: { source: 'web' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('recording a referral', () => {
  it('records a web referral once, with its source and code', async () => {
    const [referrer] = await t.createFans(1);
    const referee = await newcomer();
    expect(await record(referee, { code: await codeOf(referrer!) })).toBe(true);
    const [row] = await referralsOf(referee.userId);
    expect(row).toMatchObject({
      referrerId: referrer!.userId,
      source: 'web',
      code: await codeOf(referrer!),
      rewarded: false,
    });
    // Once per referee: a second code, even a valid one, changes nothing.
    const [other] = await t.createFans(1);
    expect(await record(referee, { code: await codeOf(other!) })).toBe(false);
    expect(await referralsOf(referee.userId)).toHaveLength(1);
    expect((await referralsOf(referee.userId))[0]!.referrerId).toBe(referrer!.userId);
  });

  it('refuses an unknown code, an empty one and one’s own, writing nothing', async () => {
    const referee = await newcomer();
    expect(await record(referee, { code: 'nosuchcode' })).toBe(false);
    expect(await record(referee, { code: '' })).toBe(false);
    expect(await record(referee, {})).toBe(false);
    expect(await record(referee, { code: await codeOf(referee) })).toBe(false);
    expect(await record(referee, { startParam: `ref_${await codeOf(referee)}`, source: 'telegram' })).toBe(false);
    expect(await referralsOf(referee.userId)).toEqual([]);
  });

  it('refuses an account older than 7 days', async () => {
    const [referrer] = await t.createFans(1);
    const old = await newcomer();
    await t.db
      .update(profiles)
      .set({ createdAt: new Date(Date.now() - 7 * 86_400_000 - 60_000) })
      .where(eq(profiles.id, old.userId));
    expect(await record(old, { code: await codeOf(referrer!) })).toBe(false);
    expect(await referralsOf(old.userId)).toEqual([]);

    const young = await newcomer();
    await t.db
      .update(profiles)
      .set({ createdAt: new Date(Date.now() - 6 * 86_400_000) })
      .where(eq(profiles.id, young.userId));
    expect(await record(young, { code: await codeOf(referrer!) })).toBe(true);
  });

  it('takes the code from a ref_ start parameter, which wins over the web code', async () => {
    const [webReferrer, telegramReferrer] = (await t.createFans(2)) as [Fan, Fan];
    const referee = await newcomer();
    expect(
      await record(referee, {
        source: 'telegram',
        code: await codeOf(webReferrer),
        startParam: `ref_${await codeOf(telegramReferrer)}`,
      }),
    ).toBe(true);
    expect((await referralsOf(referee.userId))[0]).toMatchObject({
      referrerId: telegramReferrer.userId,
      source: 'telegram',
      startParam: `ref_${await codeOf(telegramReferrer)}`,
    });

    // A start parameter that is not a referral one leaves the web code in charge; codes ignore case and spaces.
    const second = await newcomer();
    const code = await codeOf(webReferrer);
    expect(await record(second, { code: `  ${code.toUpperCase()} `, startParam: 'promo_summer' })).toBe(true);
    expect((await referralsOf(second.userId))[0]!.referrerId).toBe(webReferrer.userId);
  });

  it('validates the body', async () => {
    const referee = await newcomer();
    const badSource = await referee.post('/api/goal/referrals', { code: 'abc', source: 'email' });
    expect(badSource.statusCode).toBe(400);
    const extra = await referee.post('/api/goal/referrals', { code: 'abc', source: 'web', referrerId: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  it('gives one row when the same referral is recorded 50 times at once, and pays exactly once', async () => {
    const [referrer] = await t.createFans(1);
    const referee = await newcomer();
    const code = await codeOf(referrer!);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => referee.post('/api/goal/referrals', { code, source: 'web' })),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
    expect(answers.filter((a) => a.json().recorded === true)).toHaveLength(1);
    expect(await referralsOf(referee.userId)).toHaveLength(1);
    expect(await ledgerOf(referrer!.userId)).toEqual([]);

    // The referee becomes real: a club, then a burst of activity at once.
    expect((await referee.put('/api/me/club', { clubId: dinamo })).statusCode).toBe(200);
    const postId = await somePost();
    const burst = await Promise.all([
      referee.post(`/api/posts/${postId}/like`),
      referee.post('/api/posts', { text: 'My first post!' }),
      referee.post(`/api/posts/${postId}/comments`, { body: 'Hello from the new fan' }),
      referee.post('/api/posts', { text: 'And a second' }),
      referee.post('/api/goal/process', { mode: 'user' }),
      referee.post('/api/goal/process'),
    ]);
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201, 201, 201]);
    const ledger = await ledgerOf(referrer!.userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: REFERRAL_REWARD, kind: 'referral' });
    expect(ledger[0]!.sourceId).toBe((await referralsOf(referee.userId))[0]!.id);
    expect(await balance(referrer!)).toBe(35);
    // Later activity and repeated processing pay nothing more.
    await referee.post(`/api/posts/${postId}/comments`, { body: 'again' });
    await referee.post('/api/goal/process');
    expect(await ledgerOf(referrer!.userId)).toHaveLength(1);
  });
});

describe('rewarding a referral', () => {
  async function referred(): Promise<{ referrer: Fan; referee: Fan }> {
    const [referrer] = await t.createFans(1);
    const referee = await newcomer();
    expect(await record(referee, { code: await codeOf(referrer!) })).toBe(true);
    return { referrer: referrer!, referee };
  }
  const rewarded = async (referee: Fan) => (await referralsOf(referee.userId))[0]!.rewarded;

  it('stays pending with a club but no activity, and pays on the first post', async () => {
    const { referrer, referee } = await referred();
    expect((await referee.put('/api/me/club', { clubId: dinamo })).statusCode).toBe(200);
    expect(await rewarded(referee)).toBe(false);
    expect((await referee.post('/api/posts', { text: 'Gaumarjos!' })).statusCode).toBe(201);
    expect(await rewarded(referee)).toBe(true);
    expect(await balance(referrer)).toBe(35);
    expect(await balance(referee)).toBe(0);
  });

  it('pays on the first comment', async () => {
    const { referrer, referee } = await referred();
    await referee.put('/api/me/club', { clubId: dinamo });
    const postId = await somePost();
    expect((await referee.post(`/api/posts/${postId}/comments`, { body: 'Nice one' })).statusCode).toBe(201);
    expect(await balance(referrer)).toBe(35);
  });

  it('pays on the first like; an unlike takes nothing back', async () => {
    const { referrer, referee } = await referred();
    await referee.put('/api/me/club', { clubId: dinamo });
    const postId = await somePost();
    expect((await referee.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    expect(await balance(referrer)).toBe(35);
    expect((await referee.delete(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    expect(await balance(referrer)).toBe(35);
  });

  it('pays when the club is chosen last, in the club choice', async () => {
    const { referrer, referee } = await referred();
    const postId = await somePost();
    expect((await referee.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    expect(await rewarded(referee)).toBe(false);
    expect((await referee.put('/api/me/club', { clubId: dinamo })).statusCode).toBe(200);
    expect(await rewarded(referee)).toBe(true);
    expect(await balance(referrer)).toBe(35);
  });

  it('pays at once when the referee was already active before the referral was recorded', async () => {
    const [referrer] = await t.createFans(1);
    const [active] = await t.createFans(1);
    expect((await active!.post('/api/posts', { text: 'Posted before opening the link' })).statusCode).toBe(201);
    expect(await record(active!, { code: await codeOf(referrer!), source: 'telegram' })).toBe(true);
    expect(await balance(referrer!)).toBe(35);
  });

  it('needs a confirmed email or a Telegram account; /api/goal/process then pays, idempotently', async () => {
    const { referrer, referee } = await referred();
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, referee.userId));
    await referee.put('/api/me/club', { clubId: dinamo });
    await referee.post('/api/posts', { text: 'Unconfirmed' });
    expect(await rewarded(referee)).toBe(false);
    expect((await referee.post('/api/goal/process', { mode: 'user' })).json()).toEqual({ balance: 0 });
    expect(await rewarded(referee)).toBe(false);

    await t.db
      .update(profiles)
      .set({ telegramId: 700_000_000 + Math.floor(Math.random() * 1e8) })
      .where(eq(profiles.id, referee.userId));
    expect((await referee.post('/api/goal/process', { mode: 'user' })).json()).toEqual({ balance: 0 });
    expect(await rewarded(referee)).toBe(true);
    expect((await referrer.post('/api/goal/process')).json()).toEqual({ balance: 35 });
    await referee.post('/api/goal/process');
    expect(await ledgerOf(referrer.userId)).toHaveLength(1);
  });

  it('does not pay for a referee blocked by an administrator', async () => {
    const { referrer, referee } = await referred();
    const postId = await somePost();
    expect((await referee.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, referee.userId));
    await referee.put('/api/me/club', { clubId: dinamo });
    await referee.post('/api/goal/process');
    expect(await rewarded(referee)).toBe(false);
    expect(await balance(referrer)).toBe(0);
  });

  it('works for a fan who really signed up and confirmed by mail', async () => {
    const [referrer] = await t.createFans(1);
    const fan = await t.createUser();
    const response = await fan.post('/api/goal/referrals', { code: await codeOf(referrer!), source: 'web' });
    expect(response.json()).toEqual({ recorded: true });
    await fan.put('/api/me/club', { clubId: dinamo });
    expect((await referralsOf(fan.userId))[0]!.rewarded).toBe(false);
    await fan.post('/api/posts', { text: 'Real fan here' });
    expect((await referralsOf(fan.userId))[0]!.rewarded).toBe(true);
    expect(await balance(referrer!)).toBe(35);
  });
});

describe('the referral list', () => {
  it('shows totals, the balance and each referral newest first, pending or rewarded', async () => {
    const [referrer] = await t.createFans(1);
    const code = await codeOf(referrer!);
    const first = await newcomer();
    const second = await newcomer();
    const third = await newcomer();
    expect(await record(first, { code })).toBe(true);
    expect(await record(second, { code, source: 'telegram', startParam: `ref_${code}` })).toBe(true);
    expect(await record(third, { code })).toBe(true);
    await t.db
      .update(goalReferrals)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(goalReferrals.refereeId, first.userId));
    await first.put('/api/me/club', { clubId: dinamo });
    await first.post('/api/posts', { text: 'I am real' });
    await t.db
      .insert(goalLedger)
      .values({ userId: referrer!.userId, amount: 5, kind: 'test', sourceId: referrer!.userId });

    const response = await referrer!.get('/api/goal/referrals');
    expect(response.statusCode).toBe(200);
    const list = response.json<ReferralListResponse>();
    expect(list).toMatchObject({ totalInvited: 3, earned: 35, balance: 40 });
    expect(list.referrals.map((r) => [r.referee.id, r.source, r.rewarded])).toEqual([
      [third.userId, 'web', false],
      [second.userId, 'telegram', false],
      [first.userId, 'web', true],
    ]);
    expect(list.referrals[0]).toMatchObject({
      id: expect.any(String),
      createdAt: expect.stringMatching(/Z$/),
      referee: { id: third.userId, nickname: expect.any(String), avatarUrl: null },
    });

    // A referee who blocked the referrer leaves the list; what was earned stays earned.
    expect((await first.post(`/api/users/${referrer!.userId}/block`)).statusCode).toBe(200);
    const after = (await referrer!.get('/api/goal/referrals')).json<ReferralListResponse>();
    expect(after).toMatchObject({ totalInvited: 2, earned: 35, balance: 40 });

    const empty = (await first.get('/api/goal/referrals')).json<ReferralListResponse>();
    expect(empty).toEqual({ totalInvited: 0, earned: 0, leftCount: 0, balance: 0, referrals: [] });
  });

  it('says how many rewarded invitees left: the list loses them, the $GOAL earned for them stays', async () => {
    const [referrer] = await t.createFans(1);
    const code = await codeOf(referrer!);
    const leaving = await newcomer();
    const pending = await newcomer();
    expect(await record(leaving, { code })).toBe(true);
    expect(await record(pending, { code })).toBe(true);
    await leaving.put('/api/me/club', { clubId: dinamo });
    await leaving.post('/api/posts', { text: 'Here for a while' });
    expect((await referrer!.get('/api/goal/referrals')).json<ReferralListResponse>()).toMatchObject({
      totalInvited: 2,
      earned: 35,
      leftCount: 0,
    });

    const list = (await referrer!.get('/api/goal/referrals')).json<ReferralListResponse>().referrals;
    departed.add(list.find((r) => r.referee.id === leaving.userId)!.id);
    expect((await leaving.delete('/api/me')).statusCode).toBe(204);
    // A referee who never earned anything leaves no trace to explain.
    expect((await pending.delete('/api/me')).statusCode).toBe(204);
    const after = (await referrer!.get('/api/goal/referrals')).json<ReferralListResponse>();
    expect(after).toMatchObject({ totalInvited: 0, earned: 35, leftCount: 1, balance: 35, referrals: [] });
  });
});
