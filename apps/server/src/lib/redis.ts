import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The shared Redis of a scaled deployment. Commands fail at once while it is away (no offline queue, one retry)
 * so requests answer 503 instead of hanging; the client reconnects by itself with backoff.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    retryStrategy: (attempt) => Math.min(2_000, 100 * 2 ** attempt),
  });
  let healthy = true;
  redis.on('error', (err) => {
    if (healthy) log.warn({ err }, 'Redis connection error; reconnecting');
    healthy = false;
  });
  redis.on('ready', () => {
    if (!healthy) log.warn('Redis connection is back');
    healthy = true;
  });
  await redis.connect();
  return redis;
}
