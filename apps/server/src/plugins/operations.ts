import { operations } from '@burti/shared';
import { timingSafeEqual } from 'node:crypto';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import type { Jobs } from '../lib/jobs.js';
import type { Realtime } from '../lib/realtime.js';
import { route } from './contract.js';

export type OperationsOptions = {
  database: Database;
  redis?: Redis;
  realtime: Realtime;
  jobs: Jobs;
  metricsToken?: string;
  maxEventLoopDelayMs?: number;
};

/** A slow event loop sheds load with 503 at once instead of answering everyone late. */
class BusyError extends AppError {
  constructor() {
    super('UNAVAILABLE', 'Burti is very busy right now. Please try again in a moment.');
  }
}

/**
 * What an operator and a load balancer ask: `/api/health/live` (the process answers), `/api/health/ready`
 * (the database, the LISTEN connection and Redis answer; 503 otherwise, so the proxy sends traffic elsewhere),
 * and Prometheus metrics at `/metrics` behind a bearer token.
 */
export async function registerOperations(app: FastifyInstance, options: OperationsOptions): Promise<void> {
  const { database, redis } = options;

  // Embedded PGlite runs its queries on this event loop, so a delay there is the database working, not overload.
  await app.register(underPressure, {
    maxEventLoopDelay: database.kind === 'postgres' ? (options.maxEventLoopDelayMs ?? 0) : 0,
    retryAfter: 5,
    customError: BusyError,
    exposeStatusRoute: false,
  });

  // While shutting down, a connection whose last request just finished (keep-alive, an ended stream) is closed
  // at once instead of holding the close open until its keep-alive timeout.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    sweeper = setInterval(() => app.server.closeIdleConnections?.(), 100);
    sweeper.unref();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (sweeper) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });

  const checks = async () => {
    const problems: string[] = [];
    await database.ping(2_000).catch(() => problems.push('database unreachable'));
    if (!database.listening()) problems.push('realtime (LISTEN) connection down');
    if (redis) {
      await Promise.race([
        redis.ping(),
        new Promise((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
      ]).catch(() => problems.push('redis unreachable'));
    }
    return problems;
  };
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const problems = await checks();
    reply.header('cache-control', 'no-store');
    if (problems.length) return reply.status(503).send({ ok: false, database: database.kind, problems });
    return { ok: true, database: database.kind } as const;
  };
  // Liveness ignores load shedding: a busy process is alive, and restarting it would not help.
  route(app, operations.getLiveness, () => ({ ok: true }), {
    config: { pressureHandler: () => undefined } as Record<string, unknown>,
  });
  route(app, operations.getReadiness, ready);
  route(app, operations.getHealth, ready);

  if (options.metricsToken) registerMetrics(app, options, options.metricsToken);
}

function registerMetrics(app: FastifyInstance, { database, realtime, jobs }: OperationsOptions, token: string): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'db_listen_connected',
    help: '1 while the LISTEN connection for realtime events is up',
    registers: [registry],
    collect() {
      this.set(database.listening() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting in each queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const depth = await jobs.depth().catch(() => ({}));
      for (const [queue, size] of Object.entries(depth)) this.set({ queue }, size ?? 0);
    },
  });
  new Gauge({
    name: 'leaderboard_pending_entries',
    help: 'Likes, comments and shares not yet applied to the leaderboard rollups (applied about once a second)',
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from leaderboard_pending`,
      ).catch(() => []);
      if (row) this.set(row.n);
    },
  });
  new Gauge({
    name: 'sse_streams_open',
    help: 'Notification streams (Server-Sent Events) open on this instance',
    registers: [registry],
    collect() {
      this.set(realtime.openStreams());
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    if (reply.statusCode >= 500) errors.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get(
    '/metrics',
    { schema: { hide: true }, config: { pressureHandler: () => undefined } },
    async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('UNAUTHENTICATED');
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    },
  );
}
