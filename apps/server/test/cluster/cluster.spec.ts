/**
 * Two API processes (the compiled server, as in production) on one PostgreSQL database and one Redis, behind
 * Debian's nginx on loopback, driven as fans and an operator would: sessions, limits and events cross
 * instances; SIGTERM loses nothing; the database going away and coming back needs no restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpServer } from '../smtp.js';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.js';
import { nginxConfig } from './nginx.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const serverJs = join(root, 'apps/server/dist/main.js');
const adminUrl =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

type Instance = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: string[];
};

type Fan = { email: string; cookie: string; userId: string };

/** A response body as the tests read it (field access without a schema per call). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-side reading of JSON bodies
type Json = Record<string, any>;

type StreamEvent = { event?: string; data?: string; retry?: number };

/** A Server-Sent Events client: keeps every event and notes when the server ended the stream. */
function openStream(base: string, cookie: string) {
  const events: StreamEvent[] = [];
  let ended = false;
  let buffer = '';
  const request = http.get(`${base}/api/notifications/stream`, { headers: { cookie, accept: 'text/event-stream' } });
  const opened = new Promise<number>((resolve, reject) => {
    request.on('error', (error) => (ended ? undefined : reject(error)));
    request.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const event: StreamEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data = line.slice(6);
            else if (line.startsWith('retry: ')) event.retry = Number(line.slice(7));
          }
          if (event.event || event.data || event.retry !== undefined) events.push(event);
        }
      });
      response.on('end', () => (ended = true));
      response.on('close', () => (ended = true));
    });
  });
  return {
    events,
    opened,
    isEnded: () => ended,
    waitFor: (what: string, match: (event: StreamEvent) => boolean, timeoutMs: number) =>
      until(what, () => Promise.resolve(events.find(match)), timeoutMs),
    close: () => request.destroy(),
  };
}

describe('two API instances behind nginx', () => {
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `ops_cluster_${suffix}`;
  const databaseUrl = (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  // The instances reach PostgreSQL through a proxy the test can pause, as a stopped (SIGSTOP) server would look,
  // without stopping the server itself.
  let pgProxy: TcpProxy;
  const keyPrefix = `burti-cluster-${suffix}:`;
  const metricsToken = randomBytes(16).toString('hex');
  let admin: pg.Client;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dir: string;
  let proxyUrl: string;
  let nginx: ChildProcess | undefined;
  let a: Instance;
  let b: Instance;
  const instances: Instance[] = [];
  let baseEnv: Record<string, string>;

  function startInstance(name: string, port: number): Instance {
    const output: string[] = [];
    const child = spawn(process.execPath, [serverJs], {
      cwd: dir,
      env: { ...baseEnv, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const instance = { name, port, url: `http://127.0.0.1:${port}`, child, exited, output };
    instances.push(instance);
    return instance;
  }

  async function ready(instance: Instance, timeoutMs = 60_000) {
    const last = { status: 0, body: '' };
    await until(
      `${instance.name} to be ready`,
      async () => {
        if (instance.child.exitCode !== null) {
          throw new Error(`${instance.name} exited:\n${instance.output.join('')}`);
        }
        const response = await fetch(`${instance.url}/api/health/ready`);
        Object.assign(last, { status: response.status, body: await response.text() });
        return response.status === 200 ? true : undefined;
      },
      timeoutMs,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; last answer ${last.status} ${last.body}\n${instance.output.join('')}`);
    });
  }

  async function api(
    base: string,
    method: string,
    path: string,
    { cookie, body }: { cookie?: string; body?: unknown } = {},
  ) {
    const response = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: proxyUrl,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json: json as Json, text };
  }

  /** Signs up through the proxy, confirms from the mail, signs in on `base`, and joins a club. */
  async function createFan(label: string, base: string): Promise<Fan> {
    const email = `${label}.${suffix}@example.ge`;
    const password = 'correct horse battery';
    const signUp = await api(proxyUrl, 'POST', '/api/auth/sign-up/email', { body: { email, password, name: '' } });
    expect(signUp.status, signUp.text).toBe(200);
    const mail = await smtp.waitForMail(email, /Confirm your email/, 15_000);
    const link = new URL(linkIn(mail.text));
    const confirm = await api(proxyUrl, 'GET', link.pathname + link.search);
    expect(confirm.status).toBe(302);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: proxyUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const userId = ((await signIn.json()) as { user: { id: string } }).user.id;
    const clubs = await api(base, 'GET', '/api/clubs', { cookie });
    const clubId = (clubs.json.clubs as { id: number }[])[0]!.id;
    expect((await api(base, 'PUT', '/api/me/club', { cookie, body: { clubId } })).status).toBe(200);
    return { email, cookie, userId };
  }

  let alice: Fan; // likes and comments
  let bruno: Fan; // posts and listens
  let brunoPostId: string;

  beforeAll(async () => {
    if (!existsSync(serverJs)) throw new Error(`${serverJs} is missing: run npm run build:server first`);
    if (!existsSync(nginxBin)) throw new Error(`nginx is missing (${nginxBin}): apt-get install nginx-light`);
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const postgres = new URL(adminUrl);
    pgProxy = await startTcpProxy({ host: postgres.hostname, port: Number(postgres.port || 5432) });
    const redis = new Redis(redisUrl);
    await redis.ping();
    redis.disconnect();
    smtp = await startSmtpServer();
    dir = await mkdtemp(join(tmpdir(), 'burti-cluster-'));
    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    baseEnv = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: proxyUrl,
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: pgProxy.urlFor(databaseUrl),
      // Bounded waits on the database, short so that the pause below is answered quickly (defaults 3 s and 5 s).
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      INSTANCES: '2',
      // One media folder for both, as a shared volume would be (S3 in the compose setup).
      SHARED_DATA_DIR: 'true',
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: smtp.url,
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: 'warn',
      JOBS: 'true',
    };
    // Both at once: migrations run once, under the advisory lock, whichever comes first.
    a = startInstance('A', portA);
    b = startInstance('B', portB);
    await Promise.all([ready(a), ready(b)]);
    await writeFile(join(dir, 'nginx.conf'), nginxConfig({ dir, port: proxyPort, upstreams: [portA, portB] }));
    nginx = spawn(nginxBin, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    await until('nginx', async () => ((await fetch(`${proxyUrl}/api/health/live`)).ok ? true : undefined), 15_000);

    alice = await createFan('alice', a.url);
    bruno = await createFan('bruno', b.url);
    const created = await api(b.url, 'POST', '/api/posts', { cookie: bruno.cookie, body: { text: 'Dinamo won!' } });
    expect(created.status).toBe(201);
    brunoPostId = created.json.post.id;
  });

  afterAll(async () => {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    nginx?.kill('SIGTERM');
    await pgProxy?.close();
    await smtp?.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('accepts a session made on one instance on the other, and through the proxy', async () => {
    // Alice signed in on A; B and the proxy know her.
    for (const base of [b.url, a.url, proxyUrl]) {
      const me = await api(base, 'GET', '/api/me', { cookie: alice.cookie });
      expect(me.status).toBe(200);
      expect(me.json.me.id).toBe(alice.userId);
    }
  });

  it('holds a per-user limit of 10 posts a minute across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const base = i % 2 === 0 ? a.url : b.url;
      statuses.push(
        (await api(base, 'POST', '/api/posts', { cookie: alice.cookie, body: { text: `Post ${i}` } })).status,
      );
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const eleventh = await api(a.url, 'POST', '/api/posts', { cookie: alice.cookie, body: { text: 'one too many' } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.error.code).toBe('RATE_LIMITED');
    const twelfth = await api(b.url, 'POST', '/api/posts', { cookie: alice.cookie, body: { text: 'and another' } });
    expect(twelfth.status).toBe(429);
  });

  it('holds the sign-in limit of one client across both instances, counting in Redis', async () => {
    // One client (the address the trusted proxy names) tries wrong passwords on A and B in turn.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await fetch(`${i % 2 === 0 ? a.url : b.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: proxyUrl, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify({ email: alice.email, password: 'not her password' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${keyPrefix}*`);
    redis.disconnect();
    expect(keys.some((key) => key.startsWith(`${keyPrefix}auth:`))).toBe(true);
    expect(keys.some((key) => key.startsWith(`${keyPrefix}limit:`))).toBe(true);
  });

  it('delivers a like made through one instance to a stream open on the other', async () => {
    const stream = openStream(b.url, bruno.cookie);
    expect(await stream.opened).toBe(200);
    await stream.waitFor('the first unread count', (event) => event.event === 'unread', 5_000);
    const liked = await api(a.url, 'POST', `/api/posts/${brunoPostId}/like`, { cookie: alice.cookie });
    expect(liked.status).toBe(200);
    const event = await stream.waitFor(
      'the like notification',
      (candidate) => candidate.event === 'notification' && candidate.data?.includes('"like"') === true,
      5_000,
    );
    expect(JSON.parse(event.data!).notification.postId ?? JSON.parse(event.data!).notification.post?.id).toBe(
      brunoPostId,
    );
    stream.close();
  });

  it('shuts an instance down on SIGTERM within 10 s without losing a write, while the proxy serves from the other', async () => {
    const stream = openStream(a.url, bruno.cookie);
    expect(await stream.opened).toBe(200);
    await stream.waitFor('the first unread count', (event) => event.event === 'unread', 5_000);

    // A request in flight on A: headers and half the body now, the rest after the signal.
    const body = JSON.stringify({ text: 'Written while the server shuts down' });
    let finishBody!: () => void;
    const inFlight = new Promise<{ status: number; json: { post: { id: string } } }>((resolve, reject) => {
      const request = http.request(
        `${a.url}/api/posts`,
        {
          method: 'POST',
          headers: {
            cookie: bruno.cookie,
            origin: proxyUrl,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      finishBody = () => request.end(body.slice(10));
    });
    await sleep(300);

    // Writes through the proxy all along: comments by Alice on Bruno's post.
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let writing = true;
    const writer = (async () => {
      let i = 0;
      while (writing && i < 24) {
        const response = await api(proxyUrl, 'POST', `/api/posts/${brunoPostId}/comments`, {
          cookie: alice.cookie,
          body: { body: `Comment ${i++}` },
        });
        if (response.status === 201) acknowledged.push(response.json.comment.id);
        else failures.push(`${response.status} ${response.text}`);
        await sleep(100);
      }
    })();
    await sleep(400);

    const signalled = Date.now();
    a.child.kill('SIGTERM');
    // The stream on A ends with a reconnect hint.
    await stream.waitFor('the reconnect hint', (event) => event.retry !== undefined && event.retry < 3000, 3_000);
    await until('the stream on A to end', () => Promise.resolve(stream.isEnded() ? true : undefined), 3_000);
    // The request in flight completes after the signal.
    await sleep(300);
    finishBody();
    const finished = await inFlight;
    expect(finished.status).toBe(201);

    const exit = await a.exited;
    const took = Date.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(10_000);
    await sleep(1_000);
    writing = false;
    await writer;

    // The proxy kept serving: every write answered, and each acknowledged one is there (read via B).
    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(5);
    const stored = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await api(
        proxyUrl,
        'GET',
        `/api/posts/${brunoPostId}/comments${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        { cookie: bruno.cookie },
      );
      expect(page.status).toBe(200);
      for (const comment of page.json.comments as { id: string }[]) stored.add(comment.id);
      cursor = page.json.nextCursor as string | null;
    } while (cursor);
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    const post = await api(proxyUrl, 'GET', `/api/posts/${finished.json.post.id}`, { cookie: bruno.cookie });
    expect(post.status).toBe(200);
    stream.close();
  });

  it('survives losing every database connection: ready goes 503, then 200, and events flow again', async () => {
    // A comes back (as a rolling deploy would start the new version) so both instances live through the outage.
    a = startInstance('A2', a.port);
    await ready(a);
    const streams = [openStream(a.url, bruno.cookie), openStream(b.url, bruno.cookie)];
    for (const stream of streams) {
      expect(await stream.opened).toBe(200);
      await stream.waitFor('the first unread count', (event) => event.event === 'unread', 5_000);
    }

    // PostgreSQL refuses this database, and every connection of the API (LISTEN included) is cut.
    await admin.query(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS false`);
    const killed = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [databaseName],
    );
    expect(killed.rowCount).toBeGreaterThan(2);
    try {
      for (const instance of [a, b]) {
        await until(
          `${instance.name} to report not ready`,
          async () => ((await fetch(`${instance.url}/api/health/ready`)).status === 503 ? true : undefined),
          5_000,
        );
      }
      // Requests fail fast with a clear 503 while the database is away.
      const started = Date.now();
      const feed = await api(proxyUrl, 'GET', '/api/feed', { cookie: alice.cookie });
      expect(feed.status, feed.text).toBe(503);
      expect(feed.json.error.code).toBe('UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(5_000);
      await sleep(1_000);
    } finally {
      await admin.query(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS true`);
    }

    // Back without a restart: both ready again, and a new event reaches the streams on both within 5 s.
    for (const instance of [a, b]) await ready(instance, 15_000);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    const seen = streams.map((stream) => stream.events.length);
    const recovered = Date.now();
    const comment = await api(proxyUrl, 'POST', `/api/posts/${brunoPostId}/comments`, {
      cookie: alice.cookie,
      body: { body: 'Back online' },
    });
    expect(comment.status).toBe(201);
    for (const [index, stream] of streams.entries()) {
      await stream.waitFor(
        'the comment notification after recovery',
        (event) =>
          stream.events.indexOf(event) >= seen[index]! &&
          event.event === 'notification' &&
          event.data?.includes('"comment"') === true,
        5_000,
      );
      expect(stream.isEnded()).toBe(false);
      stream.close();
    }
    expect(Date.now() - recovered).toBeLessThan(5_000);
  });

  it('answers 503 with Retry-After from both instances within seconds while PostgreSQL is paused, then recovers on its own', async () => {
    // PostgreSQL stops answering: connections stay open, nothing comes back (as SIGSTOP would do to the server).
    pgProxy.pause();
    try {
      for (const base of [a.url, b.url, proxyUrl, proxyUrl]) {
        for (const [method, path, body] of [
          ['GET', '/api/feed', undefined],
          ['POST', `/api/posts/${brunoPostId}/comments`, { body: 'while paused' }],
        ] as const) {
          const started = Date.now();
          const answer = await api(base, method, path, { cookie: alice.cookie, body });
          const took = Date.now() - started;
          expect(answer.status, `${method} ${path} on ${base}: ${answer.text}`).toBe(503);
          expect(answer.json.error.code).toBe('UNAVAILABLE');
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(answer.text).not.toMatch(/select |insert |from "|Query read timeout|Connection terminated/i);
          // A statement's bound (2 s) and its half-second grace, a connection's (1 s), and some slack.
          expect(took, `${method} ${path} on ${base}`).toBeLessThan(5_000);
        }
      }
      const signIn = await api(proxyUrl, 'POST', '/api/auth/sign-in/email', {
        body: { email: alice.email, password: 'correct horse battery' },
      });
      expect(signIn.status, signIn.text).toBe(503);
      expect(signIn.json.error.code).toBe('UNAVAILABLE');
    } finally {
      pgProxy.resume();
    }

    // Back without a restart: both ready, reads and writes through either instance.
    for (const instance of [a, b]) await ready(instance, 15_000);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    for (const base of [a.url, b.url]) {
      const feed = await until(
        `the feed on ${base}`,
        async () => {
          const answer = await api(base, 'GET', '/api/feed', { cookie: alice.cookie });
          return answer.status === 200 ? answer : undefined;
        },
        10_000,
      );
      expect(feed.status).toBe(200);
      const comment = await api(base, 'POST', `/api/posts/${brunoPostId}/comments`, {
        cookie: alice.cookie,
        body: { body: 'after the pause' },
      });
      expect(comment.status, comment.text).toBe(201);
    }
  });

  it('exposes Prometheus metrics behind the token', async () => {
    expect((await fetch(`${b.url}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(
      /http_requests_total\{method="POST",route="\/api\/posts\/:postId\/comments",status="201"\} \d+/,
    );
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/me"/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/job_queue_depth\{queue="push"\} \d+/);
    expect(text).toMatch(/sse_streams_open \d+/);
  });
});
