import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { postgresRateLimitStore } from '../lib/rate-limit-store.js';

/** Calls per minute per signed-in user: the contract's table (the API reference shows it too). */
export { USER_LIMITS } from '@burti/shared';

export type RateLimitStores = { db: Db; redis?: Redis; keyPrefix?: string };

/**
 * Limits are per signed-in user (per address for anonymous calls); routes opt in with `perUser(...)`. The
 * counters are shared by every instance: in Redis when there is one, else in the database.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { enabled, db, redis, keyPrefix = 'burti:' }: { enabled: boolean } & RateLimitStores,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${keyPrefix}limit:` } : { store: postgresRateLimitStore(db) }),
    keyGenerator: async (request: FastifyRequest) => (await request.server.findViewer(request))?.id ?? request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
  app.decorate('rateLimitsEnabled', enabled);
}

/** Route options for a limit of `max` calls per `minutes` per user. */
export function perUser(app: FastifyInstance, max: number, minutes = 1) {
  if (!app.rateLimitsEnabled) return {};
  return { config: { rateLimit: { max, timeWindow: minutes * 60_000 } } };
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitsEnabled: boolean;
  }
}
