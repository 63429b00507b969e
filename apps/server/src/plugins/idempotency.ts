import { randomUUID } from 'node:crypto';
import { operations, type Idempotency, type OperationId } from '@burti/shared';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';

/**
 * Safe retries. A creating or toggling write may carry an `Idempotency-Key` header (one per user intent);
 * the same key from the same user within {@link KEY_LIFETIME_HOURS} hours gets the first answer again
 * (with `Idempotent-Replayed: true`) and does nothing new.
 *
 * How: before the work, the request takes the row (user, key) with an insert that only one request can win
 * (the primary key decides, on PGlite and PostgreSQL alike), under an attempt id of its own. The winner does the
 * work and stores its answer. Requests that lose wait for that answer and replay it, so 20 parallel sends make one
 * post. An answer of 5xx or 429 is not kept: the row is released so that the retry does the work.
 *
 * Which operations take the header is their contract operation's `idempotent` (`recorded` or `repeatable`).
 *
 * A process can die after its write committed and before it answered. So that a retry still gets the first
 * answer, the writes that would create something twice (posts, comments, edits, reports, referrals: `recorded`) store their answer in the write's own transaction, through {@link answerRecorder}. A claim left without
 * an answer for {@link ABANDONED_AFTER_SECONDS} seconds therefore never committed, or belongs to a write that sets
 * a state (like, share, follow, block, avatar: `repeatable`) and can simply be done again: the retry takes the
 * claim over under a new attempt id and does the work. Should the first attempt still be alive, its recorded
 * answer no longer matches the attempt and its transaction rolls back, so the work is done once either way.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_LIFETIME_HOURS = 24;
// Longer than any write but a video upload takes; a retry that takes a slow attempt over only costs its work.
const ABANDONED_AFTER_SECONDS = 20;
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 30_000;
// Visible ASCII, as clients send UUIDs or similar tokens.
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * How a route takes the header: its contract operation's `idempotent` (packages/shared/src/contract). `recorded`
 * writes keep their answer in their own transaction (their route passes {@link answerRecorder} to the service);
 * `repeatable` ones set a state, so doing them again after a crash changes nothing.
 */
export function idempotencyOf(operationId: string | undefined): Idempotency {
  return operationId && operationId in operations ? operations[operationId as OperationId].idempotent : false;
}

/** Stores a write's answer inside the write's transaction (see the module's comment). */
export type AnswerRecorder<T> = (tx: Tx, result: T) => Promise<void>;

export type Claim = { userId: string; key: string; attempt: string };
const claims = new WeakMap<FastifyRequest, Claim>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ofClaim = (claim: Claim) =>
  and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.attempt, claim.attempt),
    isNull(idempotencyKeys.statusCode),
  );

/**
 * For a `recorded` route: the function its service calls inside the write's transaction with the result, which
 * stores the answer the route will send (`status`, and the body `toBody` makes of the result). Undefined when the
 * request carries no key.
 */
export function answerRecorder<T>(
  request: FastifyRequest,
  status: number,
  toBody: (result: T) => unknown = (result) => result,
): AnswerRecorder<T> | undefined {
  const claim = claims.get(request);
  return claim ? recorderFor(claim, status, toBody) : undefined;
}

/** The recorder of one claim. Throws CONFLICT, rolling the write back, when a retry has taken the claim over. */
export function recorderFor<T>(claim: Claim, status: number, toBody: (result: T) => unknown): AnswerRecorder<T> {
  return async (tx, result) => {
    const stored = await tx
      .update(idempotencyKeys)
      .set({ statusCode: status, response: JSON.stringify(toBody(result)) })
      .where(ofClaim(claim))
      .returning({ key: idempotencyKeys.key });
    if (stored.length === 0) {
      throw new AppError(
        'CONFLICT',
        'A retry of this request has taken it over. Refresh to see whether it went through.',
      );
    }
  };
}

export function registerIdempotency(app: FastifyInstance, { db }: { db: Db }): void {
  const lifetime = sql`now() - make_interval(hours => ${KEY_LIFETIME_HOURS})`;

  async function claim(userId: string, key: string, fingerprint: { method: string; path: string }) {
    // Keys older than their lifetime are free again.
    await db
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, lifetime)),
      );
    const attempt = randomUUID();
    const taken = await db
      .insert(idempotencyKeys)
      .values({ userId, key, attempt, ...fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return taken.length > 0 ? { userId, key, attempt } : null;
  }

  /** Takes over a claim whose attempt left no answer (see the module's comment); null when another retry won. */
  async function takeOver(userId: string, key: string, previous: string | null) {
    const attempt = randomUUID();
    const taken = await db
      .update(idempotencyKeys)
      .set({ attempt, createdAt: sql`now()` })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          isNull(idempotencyKeys.statusCode),
          previous === null ? isNull(idempotencyKeys.attempt) : eq(idempotencyKeys.attempt, previous),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken.length > 0 ? { userId, key, attempt } : null;
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
    const won = await claim(viewer.id, key, fingerprint);
    if (won) {
      claims.set(request, won);
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
          attempt: idempotencyKeys.attempt,
          ageSeconds: sql<number>`extract(epoch from now() - ${idempotencyKeys.createdAt})::float8`,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, viewer.id), eq(idempotencyKeys.key, key)));
      if (!row) {
        // The first request failed and let the key go: this one does the work.
        const retried = await claim(viewer.id, key, fingerprint);
        if (retried) {
          claims.set(request, retried);
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
      if (Number(row.ageSeconds) > ABANDONED_AFTER_SECONDS) {
        const taken = await takeOver(viewer.id, key, row.attempt);
        if (taken) {
          request.log.warn({ key }, 'idempotency: took over a claim left without an answer');
          claims.set(request, taken);
          return;
        }
        continue;
      }
      if (Date.now() - started > WAIT_MAX_MS) {
        throw new AppError('CONFLICT', 'An earlier attempt of this request is still running. Try again in a minute.');
      }
      await sleep(WAIT_STEP_MS);
    }
  };

  /** Deletes a claim in the background, trying again after 0.25, 0.5, 1, 2, 4 and 8 s while that fails. */
  const releaseLater = (where: ReturnType<typeof ofClaim>, attempt = 0) => {
    if (attempt > 5) return;
    setTimeout(
      () => {
        db.delete(idempotencyKeys)
          .where(where)
          .catch(() => releaseLater(where, attempt + 1));
      },
      250 * 2 ** attempt,
    ).unref();
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const taken = claims.get(request);
    if (!taken) return payload;
    claims.delete(request);
    const recorded = idempotencyOf(request.routeOptions.config.operation) === 'recorded';
    // A `recorded` write that committed has its answer stored already: this changes nothing then.
    const where = ofClaim(taken);
    try {
      if (reply.statusCode >= 500 || reply.statusCode === 429) {
        await db.delete(idempotencyKeys).where(where);
      } else {
        const response =
          typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
        const stored = await db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, response })
          .where(where)
          .returning({ key: idempotencyKeys.key });
        if (recorded && reply.statusCode < 300 && stored.length > 0) {
          request.log.error('idempotency: a recorded write succeeded without storing its answer in its transaction');
        }
      }
    } catch (err) {
      // The database went away during the write (decision 009). The answer stays the one the write got (503, or
      // what it did before the outage); an error here would replace it with Fastify's own, SQL text and all.
      request.log.warn({ err, key: taken.key }, 'idempotency: could not settle the claim');
      // A failed write's claim is let go once the database is back, so the retry does the work without waiting
      // for the claim to be ABANDONED_AFTER_SECONDS old (which it would take over anyway).
      if (reply.statusCode >= 500 || reply.statusCode === 429) releaseLater(where);
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!idempotencyOf(route.config?.operation)) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), preHandler];
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
  });
}
