import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { ViewerCache } from '../lib/viewer-cache.js';
import { APP_URL, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  // A long memory, so that only the revocation paths can make the API forget a viewer.
  t = await createTestApp({ viewerCacheSeconds: 300 });
});
afterAll(async () => t?.close());

describe('the remembered viewer', () => {
  it('stops answering for a session the fan signed out of', async () => {
    const [fan] = await t.createFans(1);
    expect((await fan!.get('/api/me')).statusCode).toBe(200);
    expect((await fan!.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await fan!.get('/api/me')).statusCode).toBe(401);
  });
});

describe('the credential a viewer is remembered by', () => {
  const as = (headers: Record<string, string>, method: 'GET' | 'PATCH' | 'DELETE' = 'GET', url = '/api/me') =>
    t.app.inject({
      method,
      url,
      headers: { origin: APP_URL, ...headers },
      ...(method === 'PATCH' ? { payload: { bio: 'taken over' } } : {}),
    });

  it.each([
    ['a Basic', 'Basic b3BlcmF0b3I6c2hhcmVk'],
    ['a Token', 'Token abc'],
    ['an empty bearer', 'Bearer '],
  ])('never answers as a member for %s header the member once sent beside the cookie', async (_name, authorization) => {
    const member = await t.createUser();
    // The member's own request: the cookie signs it in, the foreign header is ignored.
    const own = await as({ cookie: member.cookie, authorization });
    expect(own.statusCode).toBe(200);
    expect(own.json<{ me: { id: string } }>().me.id).toBe(member.userId);
    // The header alone is nobody's credential, however recently it came with a session.
    expect((await as({ authorization })).statusCode).toBe(401);
    expect((await as({ authorization }, 'PATCH', '/api/me/profile')).statusCode).toBe(401);
    expect((await as({ authorization }, 'DELETE')).statusCode).toBe(401);
    expect((await member.get('/api/me')).statusCode).toBe(200);
  });

  it('verifies a bearer token on its own, never falling back to a cookie sent with it', async () => {
    const member = await t.createUser();
    const forged = { cookie: member.cookie, authorization: 'Bearer not-a-session' };
    expect((await as(forged)).statusCode).toBe(401);
    expect((await as({ authorization: 'Bearer not-a-session' })).statusCode).toBe(401);
    expect((await as({ authorization: 'Bearer not-a-session' }, 'DELETE')).statusCode).toBe(401);
    expect((await member.get('/api/me')).statusCode).toBe(200);
  });

  it('looks a credential that changed up again', async () => {
    const [first, second] = await t.createFans(2);
    const me = async (headers: Record<string, string>) => (await as(headers)).json<{ me: { id: string } }>().me.id;
    expect(await me(first!.headers)).toBe(first!.userId);
    expect(await me(second!.headers)).toBe(second!.userId);
    expect(await me(first!.headers)).toBe(first!.userId);
    // A signed cookie whose signature was altered is refused even though its token part was verified before.
    const member = await t.createUser();
    expect((await member.get('/api/me')).statusCode).toBe(200);
    const tampered = member.cookie.replace(/(session_token=[^.;]+\.)([^;]+)/, (_m, head: string) => `${head}AAAA`);
    expect(tampered).not.toBe(member.cookie);
    expect((await as({ cookie: tampered })).statusCode).toBe(401);
  });
});

describe('a remembered viewer looked up again', () => {
  // Remembered for 3 s: asked to refresh between 1.5 s and 2.4 s, forgotten at 3 s.
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ viewerCacheSeconds: 3 });
  });
  afterAll(async () => short?.close());
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const sessionEnd = async (userId: string) => {
    const [row] = await queryRows<{ ms: number }>(
      short.db,
      sql`select (extract(epoch from expires_at) * 1000)::float8 as ms from session where user_id = ${userId}`,
    );
    return Number(row!.ms);
  };

  it('sees another instance’s changes, ends with the session, and still extends an old session', async () => {
    const [fan, other] = await short.createFans(2);
    const me = async (client = fan!) => (await client.get('/api/me')).statusCode;
    const stats = async () => (await fan!.get('/api/admin/stats')).statusCode;
    // A session a month from its end: the refresh is one statement, and it sees what changed meanwhile
    // (here an administrator's grant made on another instance).
    await short.db.execute(
      sql`update session set expires_at = now() + interval '30 days' where user_id = ${fan!.userId}`,
    );
    expect(await stats()).toBe(403);
    await short.db.execute(sql`update profiles set is_admin = true where id = ${fan!.userId}`);
    await sleep(2_500);
    expect(await stats()).toBe(403); // answered from memory; the refresh runs beside it
    await sleep(400);
    expect(await stats()).toBe(200);

    // Signed out on another instance: forgotten at the next refresh.
    await short.db.execute(sql`delete from session where user_id = ${fan!.userId}`);
    await sleep(2_500);
    await me();
    await sleep(400);
    expect(await me()).toBe(401);

    // A session due to be extended is looked up by better-auth, which extends it.
    expect(await me(other)).toBe(200);
    await short.db.execute(
      sql`update session set expires_at = now() + interval '2 days' where user_id = ${other!.userId}`,
    );
    const end = await sessionEnd(other!.userId);
    await sleep(2_500);
    await me(other);
    await sleep(400);
    expect(await sessionEnd(other!.userId)).toBeGreaterThan(end + 20 * 86_400_000);
  });

  it('looks a fan back after a pause up again before answering', async () => {
    const [fan] = await short.createFans(1);
    const stats = async () => (await fan!.get('/api/admin/stats')).statusCode;
    expect(await stats()).toBe(403);
    // Granted, then signed out, on another instance while the fan was away longer than the bound: the first
    // request after the pause sees each change.
    await short.db.execute(sql`update profiles set is_admin = true where id = ${fan!.userId}`);
    await sleep(3_100);
    expect(await stats()).toBe(200);
    await short.db.execute(sql`delete from session where user_id = ${fan!.userId}`);
    await sleep(3_100);
    expect(await stats()).toBe(401);
  });
});

describe('the viewer cache', () => {
  const found = (viewer: string) => ({ viewer, userId: viewer, sessionExpiresAt: Date.now() + 3_600_000 });

  it('looks a credential up once for requests that ask together', async () => {
    const cache = new ViewerCache<string>(10_000);
    let calls = 0;
    const find = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return found('fan-1');
    };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => cache.lookup('a:token', find)));
    expect(answers).toEqual(['fan-1', 'fan-1', 'fan-1', 'fan-1', 'fan-1']);
    expect(calls).toBe(1);
    expect(cache.get('a:token')).toEqual({ viewer: 'fan-1', refresh: false });
  });

  it('asks for a refresh in the second half of an entry’s life and never answers past it', () => {
    const cache = new ViewerCache<string>(10_000);
    const now = 1_000_000;
    cache.set('a:token', 'fan-1', 'fan-1', now + 3_600_000, now);
    expect(cache.get('a:token', now + 4_999)).toEqual({ viewer: 'fan-1', refresh: false });
    expect(cache.get('a:token', now + 8_000)).toEqual({ viewer: 'fan-1', refresh: true });
    // Past its bound it no longer answers, but still names the session to look up again, until the session ends.
    expect(cache.get('a:token', now + 10_000)).toEqual({ viewer: 'fan-1', refresh: true, stale: true });
    expect(cache.get('a:token', now + 3_600_000)).toBeUndefined();
  });

  it('does not store what a lookup found when the user was forgotten while it ran', async () => {
    const cache = new ViewerCache<string>(10_000);
    let release: () => void = () => undefined;
    const pending = cache.lookup('a:token', () => new Promise((resolve) => (release = () => resolve(found('fan-1')))));
    cache.forgetUser('fan-1');
    release();
    expect(await pending).toBe('fan-1');
    expect(cache.get('a:token')).toBeUndefined();
  });

  it('drops the remembered viewer when a refresh finds the session gone', async () => {
    const cache = new ViewerCache<string>(10_000);
    cache.set('a:token', 'fan-1', 'fan-1', Date.now() + 3_600_000);
    expect(await cache.lookup('a:token', () => Promise.resolve(null))).toBeNull();
    expect(cache.get('a:token')).toBeUndefined();
  });
});
