import { eq } from 'drizzle-orm';
import { operations, pathFor, RATE_LIMITS, type Operation, type OperationId } from '@burti/shared';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema/index.js';
import { AUTH_RATE_RULES } from '../src/lib/auth.js';
import { APP_URL, createTestApp, type TestApp } from './harness.js';

/**
 * What each contract operation declares about itself, checked against the server for every operation (one or two
 * requests each): its auth rule (anonymous 401; a blocked fan 403 on `active` ones; a member 403 on `admin` ones;
 * nobody turned away from `none` ones), its rate limit (the limit the route answers with, or none), and whether it
 * takes an `Idempotency-Key` (a retry with the key is replayed; without `idempotent` the header is ignored).
 */
const missing = '00000000-0000-4000-8000-000000000000';
const BOT_TOKEN = '123456789:AAH-contract-facts-token';

/** A value each path parameter's schema accepts, naming nothing that exists. */
function paramsOf(op: Operation): Record<string, string> {
  const shape = op.params instanceof z.ZodObject ? (op.params.shape as Record<string, z.ZodType>) : {};
  const params: Record<string, string> = {};
  for (const [, name] of op.path.matchAll(/:(\w+)/g)) {
    const schema = shape[name!];
    params[name!] = [missing, '999999', 'derby'].find((value) => !schema || schema.safeParse(value).success) ?? missing;
  }
  return params;
}

/**
 * Input the operation's schemas accept, for the idempotent writes: the key is read after validation, so the
 * request must get that far. What it does then (often a 404 for the missing target) is answered and replayed.
 */
const VALID_BODY: Partial<Record<OperationId, unknown>> = {
  createPost: { text: 'Dinamo 2–1' },
  editPost: { text: 'Dinamo 2–1' },
  createComment: { body: 'What a goal' },
  createReport: { targetType: 'post', targetId: missing },
  recordReferral: { source: 'web', code: 'nobody' },
  setMatchPhase: { phase: 'start' },
  addMatchEvent: { kind: 'goal', side: 'home' },
  setMatchAlerts: { mode: 'on' },
};

let t: TestApp;
type Client = Awaited<ReturnType<TestApp['createFans']>>[number];
let member: Client;
let blocked: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: true,
    telegram: { botToken: BOT_TOKEN, apiRoot: 'http://127.0.0.1:9', botMode: 'off', authMaxAgeSeconds: 3600 },
  });
  [member, blocked, admin] = (await t.createFans(3)) as [Client, Client, Client];
  await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, blocked.userId));
  await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.userId));
});
afterAll(async () => t?.close());

async function freshFan(isAdmin: boolean): Promise<Client> {
  const [fan] = (await t.createFans(1)) as [Client];
  if (isAdmin) await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, fan.userId));
  return fan;
}

const all = Object.values(operations) as Operation[];
const streams = (op: Operation) => op.produces === 'text/event-stream';

function send(
  op: Operation,
  { client, body, headers }: { client?: Client; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: op.method,
    url: pathFor(op.path, paramsOf(op)),
    headers: { origin: APP_URL, ...client?.headers, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const codeOf = (response: LightMyRequestResponse): string | undefined =>
  response.json<{ error?: { code?: string } } | null>()?.error?.code;

describe('every contract operation is enforced as it declares', () => {
  it('auth: signed out is 401, a blocked fan 403 where the fan must be active, a member 403 where admin', async () => {
    for (const op of all) {
      const anonymous = await send(op);
      if (op.auth === 'none') {
        expect.soft(anonymous.statusCode, `${op.id} is public: ${anonymous.body}`).not.toBe(401);
        continue;
      }
      expect.soft(anonymous.statusCode, `${op.id} signed out: ${anonymous.body}`).toBe(401);
      expect.soft(codeOf(anonymous), op.id).toBe('UNAUTHENTICATED');
      if (op.auth === 'admin') {
        const asMember = await send(op, { client: member });
        expect.soft(asMember.statusCode, `${op.id} as a member: ${asMember.body}`).toBe(403);
        expect.soft(codeOf(asMember), op.id).toBe('FORBIDDEN');
      }
      if (op.auth === 'active') {
        const asBlocked = await send(op, { client: blocked });
        expect.soft(asBlocked.statusCode, `${op.id} as a blocked fan: ${asBlocked.body}`).toBe(403);
        expect.soft(codeOf(asBlocked), op.id).toBe('ACCOUNT_BLOCKED');
      }
      if (op.auth === 'viewer' && !streams(op) && op.method === 'GET') {
        // A blocked fan still reads.
        const asBlocked = await send(op, { client: blocked });
        expect.soft([401, 403], `${op.id} as a blocked fan: ${asBlocked.body}`).not.toContain(asBlocked.statusCode);
      }
    }
  });

  it('rate limits: each limited route answers with its limit, others with none, and the next call past it is 429', async () => {
    for (const op of all) {
      if (op.limit?.by === 'better-auth') continue;
      // Signed out: counted (per address) before the auth check turns the call away, and nothing is done.
      const response = await send(op);
      const header = response.headers['x-ratelimit-limit'];
      if (op.limit) expect.soft(header, `${op.id} limit`).toBe(String(op.limit.max));
      else expect.soft(header, `${op.id} has no limit`).toBeUndefined();
    }
    // better-auth enforces its own: the contract's numbers are the ones it is given.
    expect(AUTH_RATE_RULES['/sign-in/email']).toEqual({ window: RATE_LIMITS.signIn.windowSeconds, max: 10 });
    expect(AUTH_RATE_RULES['/sign-up/email']).toEqual({ window: RATE_LIMITS.signUp.windowSeconds, max: 10 });
    for (const op of all.filter((o) => o.limit?.by === 'better-auth')) {
      expect.soft(op.path.startsWith('/api/auth/'), `${op.id} is better-auth's`).toBe(true);
    }

    // One limit exhausted to the end: the smallest, with the wait in Retry-After.
    const op = operations.createPost;
    const limit = op.limit!;
    const answers: number[] = [];
    for (let i = 0; i < limit.max; i++) answers.push((await send(op, { client: member, body: {} })).statusCode);
    expect(answers).not.toContain(429);
    const refused = await send(op, { client: member, body: {} });
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('idempotency: a retry with the same key is replayed on idempotent operations only', async () => {
    for (const op of all) {
      if (streams(op) || op.auth === 'none') continue;
      // Not createPost: the limit test above used its allowance.
      if (op.id === 'createPost') continue;
      const key = `facts-${op.id}`;
      const body = VALID_BODY[op.id as OperationId] ?? (op.body || op.consumes ? {} : undefined);
      if (!op.idempotent) {
        // A fan of its own for a write that takes no key: it may end the account (DELETE /api/me) or its sessions.
        const client = op.method === 'GET' ? member : await freshFan(op.auth === 'admin');
        await send(op, { client, body, headers: { 'idempotency-key': key } });
        const again = await send(op, { client, body, headers: { 'idempotency-key': key } });
        expect.soft(again.headers['idempotent-replayed'], `${op.id} takes no key`).toBeUndefined();
        continue;
      }
      const client = op.auth === 'admin' ? admin : member;
      const first = await send(op, { client, body, headers: { 'idempotency-key': key } });
      const again = await send(op, { client, body, headers: { 'idempotency-key': key } });
      // Not replayed after a 400: the input did not pass validation (give it some in VALID_BODY).
      expect.soft(again.headers['idempotent-replayed'], `${op.id} replays: ${first.body}`).toBe('true');
      expect.soft(again.statusCode, op.id).toBe(first.statusCode);
      expect.soft(again.body, op.id).toBe(first.body);
      // The key belongs to that request: another operation with it is a conflict.
      const other = op.id === 'likePost' ? operations.sharePost : operations.likePost;
      const reused = await send(other, { client, headers: { 'idempotency-key': key } });
      expect.soft(reused.statusCode, `${op.id}'s key reused: ${reused.body}`).toBe(409);
    }
    // The createPost key replay, sampled with its own user (its limit is spent for the member).
    const [poster] = (await t.createFans(1)) as [Client];
    const headers = { 'idempotency-key': 'facts-createPost' };
    const first = await send(operations.createPost, { client: poster, body: VALID_BODY.createPost, headers });
    const again = await send(operations.createPost, { client: poster, body: VALID_BODY.createPost, headers });
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });
});
