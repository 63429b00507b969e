import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { createProfileFor, nicknameTaken } from '../modules/profiles/profiles.service.js';
import { APP_URL, createTestDatabase } from '../../test/harness.js';
import { createAuth } from './auth.js';
import { loggerOptions } from './logging.js';
import { createMailer } from './mail.js';

/**
 * Production logs are JSON lines only: what better-auth reports goes through the app's logger (with its
 * redaction), never straight to the console in better-auth's coloured format.
 */

let database: Database;
let dataDir: string;
beforeAll(async () => {
  ({ database } = await createTestDatabase());
  dataDir = await mkdtemp(join(tmpdir(), 'burti-auth-log-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The app's logger writing JSON lines into memory, and better-auth built on it as buildApp builds it. */
async function authWithCapturedLog(logLevel: AppConfig['logLevel']) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  const options = loggerOptions({ logLevel, prettyLogs: false });
  const app: FastifyInstance = Fastify({ ...options, logger: { ...(options.logger as object), stream } });
  await app.ready();
  const { db } = database;
  const auth = createAuth({
    db,
    log: app.log,
    config: {
      appName: 'Burti',
      appUrl: APP_URL,
      authSecret: 'a-secret-for-the-logging-test-0123456789abcdef',
      trustedOrigins: [APP_URL],
      rateLimits: false,
    },
    mailer: createMailer({ outboxDir: join(dataDir, 'outbox'), from: 'Burti <no-reply@localhost>', logger: app.log }),
    profiles: {
      nicknameTaken: (nickname) => nicknameTaken(db, nickname),
      create: (args) => createProfileFor(db, args),
    },
  });
  const signIn = (email: string) =>
    auth.handler(
      new Request(`${APP_URL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: APP_URL },
        body: JSON.stringify({ email, password: 'not-the-password' }),
      }),
    );
  return { lines, signIn, close: () => app.close() };
}

/** Everything written to the console or straight to stdout/stderr while `run` runs. */
async function consoleOutput(run: () => Promise<unknown>): Promise<string[]> {
  const written: string[] = [];
  const record = (...args: unknown[]) => void written.push(args.map(String).join(' '));
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(record),
    vi.spyOn(console, 'info').mockImplementation(record),
    vi.spyOn(console, 'warn').mockImplementation(record),
    vi.spyOn(console, 'error').mockImplementation(record),
    vi.spyOn(console, 'debug').mockImplementation(record),
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      record(String(chunk));
      return true;
    }),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      record(String(chunk));
      return true;
    }),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return written;
}

describe("better-auth's log", () => {
  it('is written as a JSON line by the app logger, never to the console', async () => {
    const { lines, signIn, close } = await authWithCapturedLog('info');
    try {
      let status = 0;
      const written = await consoleOutput(async () => {
        status = (await signIn('nobody.here@example.ge')).status;
      });
      expect(status).toBe(401);
      expect(written.filter((text) => text.includes('Better Auth'))).toEqual([]);
      expect(written).toEqual([]);

      const records = lines.map((line) => JSON.parse(line) as { level: number; msg: string; source?: string });
      expect(records).toContainEqual(
        expect.objectContaining({ level: 40, source: 'better-auth', msg: 'User not found' }),
      );
      expect(lines.join('\n')).not.toContain('nobody.here@example.ge');
    } finally {
      await close();
    }
  });

  it('follows the app log level, and is silent when the app is', async () => {
    for (const level of ['error', 'silent'] as const) {
      const { lines, signIn, close } = await authWithCapturedLog(level);
      try {
        const written = await consoleOutput(async () => {
          expect((await signIn('nobody.else@example.ge')).status).toBe(401);
        });
        expect(written).toEqual([]);
        expect(lines).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
