import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestApp } from '../../../test/harness.js';

/**
 * Sign-up must not tell whether an address is registered: a known address gets the same answer as a new one,
 * in the same time. A known address used to be answered sooner (13–21 ms on an idle server, hundreds on a busy
 * one): the new account's writes and its confirmation mail were done before the answer, and a taken nickname
 * was refused only for a new address.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'tbilisi-1925-dinamo';

async function signUp(email: string) {
  const started = process.hrtime.bigint();
  const response = await post(t.app, '/api/auth/sign-up/email', { email, password: PASSWORD, name: '' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { response, ms };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe('sign-up with a registered address', () => {
  it('answers with the same status and the same body shape as a new address', async () => {
    const known = await t.createUser();
    const fresh = t.uniqueEmail('fresh');
    const again = await signUp(known.email);
    const first = await signUp(fresh);
    expect(again.response.statusCode).toBe(200);
    expect(first.response.statusCode).toBe(200);
    type Answer = { token: null; user: Record<string, unknown> };
    const a = again.response.json<Answer>();
    const b = first.response.json<Answer>();
    expect(a.token).toBeNull();
    expect(b.token).toBeNull();
    expect(Object.keys(a.user).sort()).toEqual(Object.keys(b.user).sort());
    // Field by field, with the values that differ between any two sign-ups (the id, the times, the address).
    const shape = (user: Record<string, unknown>, email: string) => ({
      ...user,
      id: typeof user.id === 'string' && /^[0-9a-f-]{36}$/.test(user.id),
      createdAt: typeof user.createdAt === 'string',
      updatedAt: typeof user.updatedAt === 'string',
      email: user.email === email,
    });
    expect(shape(a.user, known.email)).toEqual(shape(b.user, fresh));
    // The known account keeps its own id: the answer does not give it away.
    expect(a.user.id).not.toBe(known.userId);
    expect(Object.keys(again.response.headers).sort()).toEqual(Object.keys(first.response.headers).sort());
  });

  it('refuses a taken or malformed nickname alike, whether or not the address has an account', async () => {
    const known = await t.createUser();
    const taken = (await known.get('/api/me')).json().me.nickname as string;
    for (const name of [taken.toUpperCase(), 'no spaces!']) {
      const again = await post(t.app, '/api/auth/sign-up/email', { email: known.email, password: PASSWORD, name });
      const fresh = await post(t.app, '/api/auth/sign-up/email', {
        email: t.uniqueEmail('nick'),
        password: PASSWORD,
        name,
      });
      expect(fresh.statusCode, name).toBe(400);
      expect(again.statusCode, name).toBe(400);
      expect(again.json(), name).toEqual(fresh.json());
    }
  });

  it('takes as long as a new address, over repeated tries', async () => {
    const known = await t.createUser();
    // Warm both paths first (statement preparation, the first hash).
    await signUp(known.email);
    await signUp(t.uniqueEmail('warm'));
    const knownTimes: number[] = [];
    const freshTimes: number[] = [];
    for (let i = 0; i < 15; i++) {
      // Alternating which goes first, so that a slow moment of the machine falls on both alike.
      if (i % 2 === 0) {
        knownTimes.push((await signUp(known.email)).ms);
        freshTimes.push((await signUp(t.uniqueEmail('timed'))).ms);
      } else {
        freshTimes.push((await signUp(t.uniqueEmail('timed'))).ms);
        knownTimes.push((await signUp(known.email)).ms);
      }
    }
    // The median of the pairs' differences: robust to the machine's own pauses, which hit single tries.
    const difference = median(freshTimes.map((fresh, i) => fresh - knownTimes[i]!));
    const typical = median(knownTimes);
    const seen = JSON.stringify({ difference, typical, knownTimes, freshTimes });
    expect(Math.abs(difference), seen).toBeLessThan(Math.max(10, 0.2 * typical));
  });
});
