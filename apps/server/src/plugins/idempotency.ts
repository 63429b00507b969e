import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';

/**
 * Safe retries. A creating or toggling write may carry an `Idempotency-Key` header (one per user intent);
 * the same key from the same user within {@link KEY_LIFETIME_HOURS} hours gets the first answer again
 * (with `Idempotent-Replayed: true`) and does nothing new.
 *
 * How: before the work, the request takes the row (user, key) with an insert that only one request can win
 * (the primary key decides, on PGlite and PostgreSQL alike). The winner does the work and stores its answer.
 * Requests that lose wait for that answer and replay it, so 20 parallel sends make one post. An answer of
 * 5xx or 429 is not kept: the row is released so that the retry does the work. A claim left unanswered for
 * {@link ABANDONED_AFTER_SECONDS} seconds (its process died mid-request, maybe after committing) is not done
 * again: the retry gets 409, as doing it twice could duplicate. The client then reloads, and a new intent
 * has a new key.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_LIFETIME_HOURS = 24;
const ABANDONED_AFTER_SECONDS = 60;
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 30_000;
// Visible ASCII, as clients send UUIDs or similar tokens.
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The writes that accept the header (route patterns as registered). */
export const IDEMPOTENT_ROUTES = new Set([
  'POST /api/posts',
  'PATCH /api/posts/:postId',
  'POST /api/posts/:postId/comments',
  'POST /api/posts/:postId/like',
  'DELETE /api/posts/:postId/like',
  'POST /api/posts/:postId/share',
  'DELETE /api/posts/:postId/share',
  'POST /api/reports',
  'POST /api/users/:userId/follow',
  'DELETE /api/users/:userId/follow',
  'POST /api/users/:userId/block',
  'DELETE /api/users/:userId/block',
  'POST /api/goal/referrals',
  'POST /api/me/avatar',
]);

type Claim = { userId: string; key: string };
const claims = new WeakMap<FastifyRequest, Claim>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerIdempotency(app: FastifyInstance, { db }: { db: Db }): void {
  const lifetime = sql`now() - make_interval(hours => ${KEY_LIFETIME_HOURS})`;

  async function claim(userId: string, key: string, fingerprint: { method: string; path: string }) {
    // Keys older than their lifetime are free again.
    await db
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, lifetime)),
      );
    const taken = await db
      .insert(idempotencyKeys)
      .values({ userId, key, ...fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return taken.length > 0;
  }

  const preHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('VALIDATION', 'Idempotency-Key must be 1 to 200 visible characters.');
    }
    const viewer = await request.server.findViewer(request);
    if (!viewer) return; // the route answers 401 itself
    const fingerprint = { method: request.method, path: request.url.split('?')[0] ?? '' };
    if (await claim(viewer.id, key, fingerprint)) {
      claims.set(request, { userId: viewer.id, key });
      if (Math.random() < 0.01) {
        await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, lifetime));
      }
      return;
    }
    const started = Date.now();
    for (;;) {
      const [row] = await db
        .select({
          method: idempotencyKeys.method,
          path: idempotencyKeys.path,
          statusCode: idempotencyKeys.statusCode,
          response: idempotencyKeys.response,
          ageSeconds: sql<number>`extract(epoch from now() - ${idempotencyKeys.createdAt})::float8`,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, viewer.id), eq(idempotencyKeys.key, key)));
      if (!row) {
        // The first request failed and let the key go: this one does the work.
        if (await claim(viewer.id, key, fingerprint)) {
          claims.set(request, { userId: viewer.id, key });
          return;
        }
        continue;
      }
      if (row.method !== fingerprint.method || row.path !== fingerprint.path) {
        throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another request.');
      }
      if (row.statusCode !== null) {
        reply.status(row.statusCode).header('idempotent-replayed', 'true');
        if (row.response) reply.type('application/json; charset=utf-8');
        return reply.send(row.response || undefined);
      }
      if (Number(row.ageSeconds) > ABANDONED_AFTER_SECONDS || Date.now() - started > WAIT_MAX_MS) {
        throw new AppError(
          'CONFLICT',
          'An earlier attempt of this request did not finish. Refresh to see whether it went through.',
        );
      }
      await sleep(WAIT_STEP_MS);
    }
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const taken = claims.get(request);
    if (!taken) return payload;
    claims.delete(request);
    const where = and(eq(idempotencyKeys.userId, taken.userId), eq(idempotencyKeys.key, taken.key));
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      const response = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response }).where(where);
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => IDEMPOTENT_ROUTES.has(`${method} ${route.url}`))) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), preHandler];
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
  });
}
