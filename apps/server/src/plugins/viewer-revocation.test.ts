/**
 * A signed-in fan is remembered for minutes, so that their reads cost no session lookup; every revocation still
 * reaches every instance within a second, through the realtime bus (lib/viewer-revocation.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { publishTopic } from '../lib/realtime.js';
import { ViewerCache } from '../lib/viewer-cache.js';
import { VIEWERS_TOPIC } from '../lib/viewer-revocation.js';
import { APP_URL, createTestApp, linkIn, pathOf, post, type TestApp } from '../../test/harness.js';

const onPostgres = inject('testDb').kind === 'postgres';
/** Remembered far longer than any test runs: only an announcement can make an instance forget. */
const REMEMBER_SECONDS = 300;
/** The bound every revocation is held to on every instance. */
const WITHIN = { timeout: 1_000, interval: 25 };

/** A statement that reads or changes the session table (better-auth's lookup, the one-statement recheck). */
const SESSION_STATEMENT = /\b(from|join|update|into)\s+"?session"?(\s|$)/i;

/** Counts the statements about sessions the app sends from now on, on either database. */
function sessionStatements(database: Database) {
  const seen: string[] = [];
  const record = (query: unknown) => {
    const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && SESSION_STATEMENT.test(text)) seen.push(text);
  };
  if (database.pglite) {
    const pglite = database.pglite;
    const query = pglite.query.bind(pglite);
    const exec = pglite.exec.bind(pglite);
    Object.assign(pglite, {
      query: (...args: Parameters<typeof query>) => (record(args[0]), query(...args)),
      exec: (...args: Parameters<typeof exec>) => (record(args[0]), exec(...args)),
    });
    return { seen, stop: () => Object.assign(pglite, { query, exec }) };
  }
  // Every pooled connection is a pg.Client: its query() sees each statement, prepared or not.
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    record(args[0]);
    return query.apply(this, args);
  };
  return { seen, stop: () => void (client.query = query) };
}

describe('a remembered viewer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ viewerCacheSeconds: REMEMBER_SECONDS });
  });
  afterAll(async () => t?.close());

  it('answers a fan’s reads with no session statement once looked up', async () => {
    const [fan] = await t.createFans(1);
    const statements = sessionStatements(t.database);
    try {
      expect((await fan!.get('/api/me')).statusCode).toBe(200);
      // The first read looked the session up (so the count sees such statements)…
      expect(statements.seen.length).toBeGreaterThan(0);
      statements.seen.length = 0;
      // …and the next ones do not.
      for (const url of ['/api/me', '/api/feed', '/api/me', '/api/notifications']) {
        expect((await fan!.get(url)).statusCode).toBe(200);
      }
      expect(statements.seen).toEqual([]);
    } finally {
      statements.stop();
    }
  });

  it('is forgotten as soon as another instance announces a change', async () => {
    const [fan] = await t.createFans(1);
    expect((await fan!.get('/api/me')).statusCode).toBe(200);
    // Signed out elsewhere: this instance still remembers the fan…
    await t.db.execute(sql`delete from session where user_id = ${fan!.userId}`);
    expect((await fan!.get('/api/me')).statusCode).toBe(200);
    // …until the announcement that instance sends arrives.
    await publishTopic(t.db, VIEWERS_TOPIC, 'forget', fan!.userId);
    await expect.poll(async () => (await fan!.get('/api/me')).statusCode, WITHIN).toBe(401);
  });

  it('never answers past the session’s own end, however long the memory', () => {
    const cache = new ViewerCache<string>(REMEMBER_SECONDS * 1_000);
    const now = 1_000_000;
    cache.set('a:token', 'fan-1', 'fan-1', now + 60_000, now);
    expect(cache.get('a:token', now + 59_999)?.stale).toBeUndefined();
    expect(cache.get('a:token', now + 60_000)).toBeUndefined();
  });

  it('looks everyone up again after announcements may have been missed, without losing whose session it was', () => {
    const cache = new ViewerCache<string>(REMEMBER_SECONDS * 1_000);
    const now = 1_000_000;
    cache.set('a:token', 'fan-1', 'fan-1', now + 3_600_000, now);
    cache.expireAll(now + 1_000);
    expect(cache.get('a:token', now + 1_000)).toEqual({ viewer: 'fan-1', refresh: true, stale: true });
  });
});

describe.skipIf(!onPostgres)('two instances on one database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDatabase: Database;
  beforeAll(async () => {
    t = await createTestApp({ viewerCacheSeconds: REMEMBER_SECONDS });
    // Instance B: its own pool and LISTEN connection, as another process would have.
    secondDatabase = await openDatabase({ kind: 'postgres', url: t.databaseUrl!, poolSize: 5 });
    second = await buildApp({ config: t.config, database: secondDatabase, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await t?.close();
  });

  /** The fan's request on instance B, with the credential they use on A. */
  const onB = async (headers: Record<string, string>) =>
    (await second.inject({ method: 'GET', url: '/api/me', headers: { origin: APP_URL, ...headers } })).statusCode;
  /** Signed in on both instances, each remembering the fan. */
  const rememberedOnBoth = async (fan: { get(url: string): Promise<{ statusCode: number }> }, headers: object) => {
    expect((await fan.get('/api/me')).statusCode).toBe(200);
    expect(await onB(headers as Record<string, string>)).toBe(200);
    expect(await onB(headers as Record<string, string>)).toBe(200);
  };

  it('refuses a fan on B within a second of signing out on A', async () => {
    const [fan] = await t.createFans(1);
    await rememberedOnBoth(fan!, fan!.headers);
    expect((await fan!.post('/api/auth/sign-out')).statusCode).toBe(200);
    await expect.poll(() => onB(fan!.headers), WITHIN).toBe(401);
  });

  it('refuses a fan on B within a second of a password reset on A', async () => {
    const fan = await t.createUser();
    const cookie = { cookie: fan.cookie };
    await rememberedOnBoth(fan, cookie);
    const request = await post(t.app, '/api/auth/request-password-reset', {
      email: fan.email,
      redirectTo: `${t.config.appUrl}/auth?mode=reset`,
    });
    expect(request.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(fan.email, /Reset your Burti password/);
    const link = await t.app.inject({ method: 'GET', url: pathOf(linkIn(mail.text)) });
    const token = new URL(link.headers.location as string).searchParams.get('token');
    expect(await onB(cookie)).toBe(200);
    const reset = await post(t.app, '/api/auth/reset-password', { newPassword: 'a-brand-new-pass', token });
    expect(reset.statusCode).toBe(200);
    await expect.poll(() => onB(cookie), WITHIN).toBe(401);
  });

  it('refuses a fan on B within a second of an administrator blocking them on A', async () => {
    const [admin, fan] = await t.createFans(2);
    await t.db.execute(sql`update profiles set is_admin = true where id = ${admin!.userId}`);
    await rememberedOnBoth(fan!, fan!.headers);
    const block = await admin!.post(`/api/admin/users/${fan!.userId}/block`, { blocked: true });
    expect(block.statusCode).toBe(200);
    await expect.poll(() => onB(fan!.headers), WITHIN).toBe(401);
  });

  it('refuses a fan on B within a second of deleting their account on A', async () => {
    const [fan] = await t.createFans(1);
    await rememberedOnBoth(fan!, fan!.headers);
    expect((await fan!.delete('/api/me')).statusCode).toBe(204);
    await expect.poll(() => onB(fan!.headers), WITHIN).toBe(401);
  });

  it('shows B an administrator’s grant and a new nickname made on A within a second', async () => {
    const [admin, fan] = await t.createFans(2);
    await t.db.execute(sql`update profiles set is_admin = true where id = ${admin!.userId}`);
    await rememberedOnBoth(fan!, fan!.headers);
    const onBAs = async (url: string) => second.inject({ method: 'GET', url, headers: fan!.headers });
    expect((await onBAs('/api/admin/stats')).statusCode).toBe(403);
    const grant = await admin!.post(`/api/admin/users/${fan!.userId}/admin`, { isAdmin: true });
    expect(grant.statusCode).toBe(200);
    await expect.poll(async () => (await onBAs('/api/admin/stats')).statusCode, WITHIN).toBe(200);
    const nickname = `renamed${Date.now().toString(36)}`;
    expect((await fan!.patch('/api/me/profile', { nickname })).statusCode).toBe(200);
    await expect
      .poll(async () => (await onBAs('/api/me')).json<{ me: { nickname: string } }>().me.nickname, WITHIN)
      .toBe(nickname);
  });

  it('checks everyone again on B when its LISTEN connection comes back, as announcements may have been missed', async () => {
    const [fan] = await t.createFans(1);
    await rememberedOnBoth(fan!, fan!.headers);
    // Ended without an announcement, as one sent while B's LISTEN connection was away would be lost.
    await t.db.execute(sql`delete from session where user_id = ${fan!.userId}`);
    expect(await onB(fan!.headers)).toBe(200);
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`,
    );
    await expect.poll(() => onB(fan!.headers), { timeout: 5_000, interval: 50 }).toBe(401);
  });
});
