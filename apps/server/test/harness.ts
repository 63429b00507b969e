import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { clubs, profiles, session, user } from '../src/db/schema/index.js';
import { createProfile } from '../src/modules/profiles/profiles.queries.js';
import { eq } from 'drizzle-orm';
import { linkIn, startSmtpServer } from './smtp.js';

export { linkIn };

export const APP_URL = 'http://localhost:3000';

/** A fresh database of this test file's own: a copy of the migrated template, or a loaded PGlite dump. */
export async function createTestDatabase(): Promise<{ database: Database; url?: string }> {
  const testDb = inject('testDb');
  if (testDb.kind === 'postgres') {
    const name = `${testDb.prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDb.adminUrl });
    await admin.connect();
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
          break;
        } catch (error) {
          // Two files copying the template at the same instant: try again shortly.
          if (attempt > 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
        }
      }
    } finally {
      await admin.end();
    }
    const url = new URL(testDb.adminUrl);
    url.pathname = `/${name}`;
    return {
      database: await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 }),
      url: url.toString(),
    };
  }
  const dump = await readFile(testDb.dumpFile);
  return { database: await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) }) };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * buildApp() on a database of its own, with mail going over SMTP to a local server. `reopen` (PostgreSQL) opens
 * the app's database another way, e.g. through a proxy; `direct` is the database as created, for the test's own
 * queries.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { reopen }: { reopen?: (url: string) => Promise<Database> } = {},
) {
  const { database: direct, url } = await createTestDatabase();
  const database = reopen && url ? await reopen(url) : direct;
  const smtp = await startSmtpServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'burti-app-'));
  const config: AppConfig = {
    appName: 'Burti',
    appUrl: APP_URL,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    outboxDir: join(dataDir, 'outbox'),
    smtpUrl: smtp.url,
    mailFrom: 'Burti <no-reply@localhost>',
    authSecret: randomBytes(32).toString('hex'),
    trustedOrigins: [APP_URL],
    rateLimits: false,
    logLevel: 'silent',
    jobs: false,
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  let emailCounter = 0;
  const uniqueEmail = (label = 'fan') => `${label}.${Date.now().toString(36)}.${++emailCounter}@example.ge`;

  return {
    app,
    config,
    database,
    direct,
    db: database.db,
    databaseUrl: url,
    smtp,
    uniqueEmail,
    /** Signs up, confirms from the received mail and signs in; returns a client that carries the session. */
    async createUser(options: { email?: string; password?: string; nickname?: string } = {}) {
      const email = options.email ?? uniqueEmail();
      const password = options.password ?? 'correct horse battery';
      const signUp = await post(app, '/api/auth/sign-up/email', { email, password, name: options.nickname ?? '' });
      if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
      const mail = await smtp.waitForMail(email, /Confirm your email/);
      const confirm = await app.inject({ method: 'GET', url: pathOf(linkIn(mail.text)) });
      if (confirm.statusCode !== 302) throw new Error(`confirmation failed: ${confirm.statusCode} ${confirm.body}`);
      const client = await signIn(app, email, password);
      return { ...client, email, password };
    },
    /**
     * Many fans at once without the mail round trip: accounts, profiles (in a club) and sessions written
     * directly, used through bearer tokens as the native and Telegram clients do.
     */
    async createFans(count: number, clubName = 'Dinamo Tbilisi') {
      const [club] = await database.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.name, clubName));
      const fans = [];
      for (let i = 0; i < count; i++) {
        const id = crypto.randomUUID();
        const email = uniqueEmail('crowd');
        await database.db.insert(user).values({ id, name: '', email, emailVerified: true });
        await createProfile(database.db, { userId: id, fallback: email.split('@')[0]! });
        await database.db.update(profiles).set({ primaryClubId: club!.id }).where(eq(profiles.id, id));
        const token = randomBytes(24).toString('hex');
        await database.db.insert(session).values({
          id: crypto.randomUUID(),
          token,
          userId: id,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        fans.push(bearerClient(app, id, token));
      }
      return fans;
    },
    async close() {
      await app.close();
      await database.close();
      if (direct !== database) await direct.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

export function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: APP_URL, ...headers } });
}

/** Cookies a response set, as a Cookie header value. */
export function cookiesOf(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

export type Client = Awaited<ReturnType<typeof signIn>>;

export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await post(app, '/api/auth/sign-in/email', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = cookiesOf(response);
  const userId = response.json<{ user: { id: string } }>().user.id;
  const request = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as object | undefined, headers: { cookie, origin: APP_URL } });
  return {
    userId,
    cookie,
    bearer: response.headers['set-auth-token'] as string | undefined,
    get: (url: string) => request('GET', url),
    post: (url: string, payload?: unknown) => request('POST', url, payload ?? {}),
    put: (url: string, payload?: unknown) => request('PUT', url, payload ?? {}),
    patch: (url: string, payload?: unknown) => request('PATCH', url, payload ?? {}),
    delete: (url: string) => request('DELETE', url),
  };
}

/** A client signed in by a bearer token. */
export function bearerClient(app: FastifyInstance, userId: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, origin: APP_URL };
  const request = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as object | undefined, headers });
  return {
    userId,
    headers,
    get: (url: string) => request('GET', url),
    post: (url: string, payload?: unknown) => request('POST', url, payload ?? {}),
    put: (url: string, payload?: unknown) => request('PUT', url, payload ?? {}),
    patch: (url: string, payload?: unknown) => request('PATCH', url, payload ?? {}),
    delete: (url: string) => request('DELETE', url),
  };
}

/** A multipart body with text fields and one file, as a browser's FormData would send it. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----burti${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small deterministic random generator, so that a failing storm can be replayed. */
export function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
