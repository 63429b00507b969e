/**
 * The database away, as a caller sees it (decision 009): every wait on it is bounded, so a paused or unreachable
 * database is answered 503 UNAVAILABLE with Retry-After within seconds, never 500 and never with SQL or driver
 * text, and the API is back by itself when the database is. PostgreSQL goes through a TCP proxy the test pauses
 * or closes; the embedded database is closed under the running app.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { APP_URL, createTestApp, post, signIn, type TestApp } from './harness.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

const onPostgres = inject('testDb').kind === 'postgres';
const CONNECT_MS = 500;
const STATEMENT_MS = 1_000;
/** The longest a request may take with the database away: a statement's bound, its grace, a connection's. */
const BOUND_MS = STATEMENT_MS + 500 + CONNECT_MS + 1_000;

/** Words of SQL or of the driver that must never reach a caller. */
const LEAKS =
  /select |insert |update |delete |from "|idempotency_keys|Failed query|ECONNREFUSED|Connection terminated|timeout|pg_|PGlite is closed/i;

function expectUnavailable(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
  expect(response.json<{ error: { code: string } }>().error.code, what).toBe('UNAVAILABLE');
  expect(Number(response.headers['retry-after']), what).toBeGreaterThan(0);
  expect(response.body, what).not.toMatch(LEAKS);
}

/** The answer, and how long it took; a request with no answer by `limitMs` is reported as such, not waited for. */
async function timed(send: () => Promise<LightMyRequestResponse>, limitMs = 10_000) {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const answer = await Promise.race([
    send(),
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), limitMs))),
  ]).finally(() => clearTimeout(timer));
  if (!answer) throw new Error(`no answer within ${limitMs} ms`);
  return { response: answer, ms: Date.now() - started };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every API route (streams aside) called once as a signed-in fan: those answered 5xx but 503, or with SQL. */
async function routesFailing(t: TestApp, headers: Record<string, string>): Promise<string[]> {
  const routes = t.app.knownRoutes.filter((route) => route.url.startsWith('/api/') && !route.url.includes('stream'));
  expect(routes.length).toBeGreaterThan(40);
  const failures: string[] = [];
  for (const route of routes) {
    const url = route.url
      .replace('/api/auth/*', '/api/auth/get-session')
      .replace(/:[A-Za-z]+/g, (name) => (/club/i.test(name) ? '1' : '00000000-0000-4000-8000-000000000000'));
    const response = await t.app.inject({
      method: route.method as 'GET',
      url,
      headers,
      ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
    });
    if (response.statusCode >= 500 && response.statusCode !== 503) {
      failures.push(`${route.method} ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    } else if (LEAKS.test(response.body)) failures.push(`${route.method} ${url} → ${response.body.slice(0, 200)}`);
  }
  return failures;
}

const PASSWORD = 'correct horse battery';

describe.skipIf(!onPostgres)(
  'PostgreSQL paused or refusing connections through a proxy (only with TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let proxy: TcpProxy;
    let fan: Awaited<ReturnType<TestApp['createFans']>>[number];
    let member: { email: string };

    beforeAll(async () => {
      t = await createTestApp(
        {},
        {
          reopen: async (url) => {
            const target = new URL(url);
            proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
            return openDatabase({
              kind: 'postgres',
              url: proxy.urlFor(url),
              poolSize: 4,
              timeouts: { connectMs: CONNECT_MS, statementMs: STATEMENT_MS },
            });
          },
        },
      );
      [fan] = (await t.createFans(1)) as [typeof fan];
      member = await t.createUser({ password: PASSWORD });
    });
    afterEach(async () => {
      proxy.onClientData = undefined;
      proxy.resume();
      await proxy.accept();
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
    });

    const requests = () => ({
      'the feed': () => fan.get('/api/feed'),
      'the signed-in member': () => fan.get('/api/me'),
      'the clubs': () => t.app.inject({ method: 'GET', url: '/api/clubs' }),
      'a post (transaction)': () => fan.post('/api/posts', { text: 'while the database is away' }),
      'an idempotent post': () =>
        t.app.inject({
          method: 'POST',
          url: '/api/posts',
          payload: { text: 'once' },
          headers: { ...fan.headers, 'idempotency-key': `outage-${Date.now()}-${Math.random()}` },
        }),
      'sign-in': () => post(t.app, '/api/auth/sign-in/email', { email: member.email, password: PASSWORD }),
    });

    it('answers 503 with Retry-After within the bound while the database is paused, and recovers by itself', async () => {
      // Every pooled connection busy first, so the pause meets connections in use, idle ones and new ones.
      expect((await fan.get('/api/feed')).statusCode).toBe(200);
      proxy.pause();
      for (const [what, send] of Object.entries(requests())) {
        const { response, ms } = await timed(send);
        expectUnavailable(response, what);
        expect(ms, what).toBeLessThan(BOUND_MS);
      }
      // Side by side too: more requests than connections, none waiting past the bound.
      const started = Date.now();
      const crowd = await Promise.all(Array.from({ length: 12 }, () => timed(() => fan.get('/api/feed'))));
      for (const { response } of crowd) expectUnavailable(response, 'a crowd of feed reads');
      expect(Date.now() - started).toBeLessThan(BOUND_MS * 2);

      proxy.resume();
      await until('the feed to answer again', async () => (await fan.get('/api/feed')).statusCode === 200);
      for (const [what, send] of Object.entries(requests())) {
        const { response } = await timed(send);
        expect(response.statusCode, `${what} after the pause: ${response.body}`).toBeLessThan(300);
      }
    });

    it('answers 503 on every route, sign-in and idempotent writes included, while connections are refused', async () => {
      await proxy.refuse();
      for (const [what, send] of Object.entries(requests())) {
        const { response, ms } = await timed(send);
        expectUnavailable(response, what);
        expect(ms, what).toBeLessThan(BOUND_MS);
      }
      expect(await routesFailing(t, fan.headers)).toEqual([]);
      await proxy.accept();
      await until('the feed to answer again', async () => (await fan.get('/api/feed')).statusCode === 200);
      const back = await signIn(t.app, member.email, PASSWORD);
      expect((await back.get('/api/me')).statusCode).toBe(200);
    });

    it('answers 503 without SQL to an idempotent write cut off in the middle, and does it on the retry', async () => {
      const key = `cut-${Date.now()}`;
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/posts',
          payload: { text: 'cut off' },
          headers: { ...fan.headers, 'idempotency-key': key },
        });
      // The key is claimed, then the database goes away as the post is written.
      let cut: Promise<void> | undefined;
      proxy.onClientData = (chunk) => {
        if (!cut && chunk.includes('insert into "posts"')) cut = proxy.refuse();
      };
      const { response } = await timed(send);
      await cut;
      expectUnavailable(response, 'the write cut off');
      proxy.onClientData = undefined;
      await proxy.accept();
      // The retry with the same key is not stuck behind the first attempt's claim: it does the work, once.
      await until('the retry to be done', async () => (await send()).statusCode === 201, 30_000);
      const replay = await send();
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });

    it('answers 503 to a statement that waits past statement_timeout, and the connection serves the next one', async () => {
      // Another session holds the fan's profile row: the profile update waits on its lock, not on the network.
      const holder = await t.direct.pool!.connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from profiles where id = $1 for update', [fan.userId]);
        const { response, ms } = await timed(() => fan.patch('/api/me/profile', { bio: 'locked out' }));
        expectUnavailable(response, 'a statement past its bound');
        expect(ms).toBeLessThan(BOUND_MS);
      } finally {
        await holder.query('rollback');
        holder.release();
      }
      expect((await fan.patch('/api/me/profile', { bio: 'unlocked' })).statusCode).toBe(200);
    });
  },
);

describe('the embedded database or the pool closed under the running app', () => {
  let t: TestApp;
  let fan: Awaited<ReturnType<TestApp['createFans']>>[number];
  let member: { email: string };

  beforeAll(async () => {
    // Limits on, so the counters kept in the database are part of what is away.
    t = await createTestApp({ rateLimits: true });
    [fan] = (await t.createFans(1)) as [typeof fan];
    member = await t.createUser({ password: PASSWORD });
  });
  afterAll(async () => t?.close());

  it('answers 503 without SQL to sign-in, idempotent writes and reads', async () => {
    await t.database.close();
    const answers = {
      'sign-in': await post(t.app, '/api/auth/sign-in/email', { email: member.email, password: PASSWORD }),
      'sign-up': await post(t.app, '/api/auth/sign-up/email', {
        email: t.uniqueEmail(),
        password: PASSWORD,
        name: '',
      }),
      'an idempotent post': await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: { text: 'once' },
        headers: { ...fan.headers, 'idempotency-key': 'closed-1' },
      }),
      'a like': await fan.post('/api/posts/00000000-0000-4000-8000-000000000000/like'),
      'the feed': await fan.get('/api/feed'),
      'the session': await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { ...fan.headers, origin: APP_URL },
      }),
    };
    for (const [what, response] of Object.entries(answers)) expectUnavailable(response, what);
  });

  it('answers no route with a 500 or with SQL while the database is closed', async () => {
    // Runs after the test above closed the database.
    expect(await routesFailing(t, fan.headers)).toEqual([]);
  });
});
