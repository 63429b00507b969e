import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { APP_URL, createTestApp, type TestApp } from '../../test/harness.js';

/** Ten wrong passwords a minute per client address; the 11th and later answer 429. */
async function wrongPasswords(
  t: TestApp,
  count: number,
  headers: (i: number) => Record<string, string>,
  remoteAddress?: string,
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      // A different account each time: the per-account limit (account-safety.test.ts) stays out of the way.
      payload: { email: `nobody.${i}.${Date.now().toString(36)}@example.ge`, password: 'not the password' },
      headers: { origin: APP_URL, ...headers(i) },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` });

describe('the sign-in limit and X-Forwarded-For', () => {
  describe('with TRUST_PROXY off (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ rateLimits: true });
    });
    afterAll(async () => t?.close());

    it('ignores a forged X-Forwarded-For: 13 attempts from "13 addresses" still meet the limit', async () => {
      const statuses = await wrongPasswords(t, 13, forged);
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429, 429]);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ rateLimits: true, trustProxy: ['127.0.0.1'] });
    });
    afterAll(async () => t?.close());

    it("counts each client the proxy names on its own, and limits one client's 11th attempt", async () => {
      const distinct = await wrongPasswords(t, 13, (i) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` }));
      expect(distinct).toEqual(Array(13).fill(401));
      const same = await wrongPasswords(t, 11, () => ({ 'x-forwarded-for': '192.0.2.77' }));
      expect(same.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(same[10]).toBe(429);
    });

    it('does not believe the header from a peer that is not the proxy', async () => {
      const statuses = await wrongPasswords(t, 11, forged, '192.0.2.200');
      expect(statuses[10]).toBe(429);
    });
  });

  describe('with a hop count (TRUST_PROXY=1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ rateLimits: true, trustProxy: 1 });
    });
    afterAll(async () => t?.close());

    it("takes the address the nearest proxy appended, not the client's own claims before it", async () => {
      // The client forges a first entry; the proxy appends the real address (the same each time).
      const statuses = await wrongPasswords(t, 11, (i) => ({ 'x-forwarded-for': `10.9.9.${i}, 192.0.2.55` }));
      expect(statuses[10]).toBe(429);
    });
  });
});

describe('per-user limits shared by instances', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: true });
    // A second instance of the API on the same database, as a second process would be.
    second = await buildApp({ config: t.config, database: t.database, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('counts a fan by their session, whatever other Authorization header comes beside it', async () => {
    const member = await t.createUser();
    await t.db.execute(
      sql`update profiles set primary_club_id = (select id from clubs order by id limit 1) where id = ${member.userId}`,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: { text: `Varied ${i}` },
        // A header that is no credential of ours, different every time, opens no new bucket.
        headers: { cookie: member.cookie, origin: APP_URL, authorization: `Basic ${btoa(`operator:${i}`)}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  it('holds 10 posts a minute across two instances: the 11th is refused on either', async () => {
    const [fan] = await t.createFans(1);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const response = await app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: { text: `Post ${i}` },
        headers: fan!.headers,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    for (const app of [t.app, second]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: { text: 'more' },
        headers: fan!.headers,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
