import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows, type Db } from '../db/client.js';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A fixed-window counter store for @fastify/rate-limit in PostgreSQL (the `request_limit` table), used when no
 * Redis is configured: every instance on the database counts in the same rows. One upsert per limited call
 * increments atomically and starts a new window once the old one is over.
 */
export function postgresRateLimitStore(db: Db) {
  let calls = 0;
  const incr = async (key: string, timeWindow: number): Promise<{ current: number; ttl: number }> => {
    const [row] = await queryRows<{ count: number; ttl: number }>(
      db,
      sql`insert into request_limit as l (key, count, reset_at)
          values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
          on conflict (key) do update set
            count = case when l.reset_at <= now() then 1 else l.count + 1 end,
            reset_at = case when l.reset_at <= now() then excluded.reset_at else l.reset_at end
          returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
    );
    // Now and then, forget windows that ended a while ago.
    if (++calls % 500 === 0) {
      await db.execute(sql`delete from request_limit where reset_at < now() - interval '10 minutes'`);
    }
    return { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) };
  };

  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      incr(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's method and URL as `routeInfo` (as its own Redis store reads them).
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string; url: string } };
      return new PostgresStore(undefined, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  }
  return PostgresStore as FastifyRateLimitStoreCtor;
}

/** better-auth's rate-limit storage on Redis: one atomic INCR per attempt in a fixed window per key. */
export function redisAuthRateLimitStorage(redis: Redis, prefix: string) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const name = `${prefix}auth:${key}`;
      const [[incrError, count], [ttlError, ttl]] = (await redis.multi().incr(name).pttl(name).exec()) as [
        [Error | null, number],
        [Error | null, number],
      ];
      if (incrError) throw incrError;
      if (ttlError) throw ttlError;
      if (ttl < 0) await redis.pexpire(name, rule.window * 1000);
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((ttl < 0 ? rule.window * 1000 : ttl) / 1000)) };
    },
  };
}
