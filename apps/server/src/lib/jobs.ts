import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { queryRows, type Database, type Executor } from '../db/client.js';

/** Every queue the app uses, with its retry policy: failures are retried with exponential backoff. */
export const QUEUES = {
  push: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  // Football provider syncs (modules/matches/sync): a failed turn is not retried, the next turn asks again.
  football: { retryLimit: 0, expireInSeconds: 300 },
  // Match alerts (modules/match-alerts): one job fans one event out to its fans; a retry alerts nobody twice.
  matchAlerts: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 },
} as const satisfies Record<string, PgBoss.RetryOptions & PgBoss.ExpirationOptions>;
export type QueueName = keyof typeof QUEUES;

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type Jobs = {
  /** False when the queue is switched off (JOBS=false, and most tests): sending is then a no-op. */
  readonly enabled: boolean;
  /**
   * Enqueues a job. With `executor` (an open transaction) the job is inserted through that transaction, so
   * it exists exactly when the transaction commits. `startAfterSeconds` delays the first attempt.
   */
  send<T extends object>(
    queue: QueueName,
    data: T,
    options?: { executor?: Executor; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** Runs `handler` for each job of the queue; a handler that throws fails the attempt and the queue retries. */
  work<T extends object>(queue: QueueName, handler: JobHandler<T>): Promise<void>;
  /** Jobs waiting in each queue (created or due for a retry), for the metrics. */
  depth(): Promise<Partial<Record<QueueName, number>>>;
  stop(): Promise<void>;
};

export type JobsOptions = {
  enabled: boolean;
  /** How often idle workers look for jobs (pg-boss allows 0.5 s at the least). */
  pollingIntervalSeconds?: number;
  /** Jobs a worker fetches at once and runs side by side (default 25). */
  batchSize?: number;
};

const disabledJobs: Jobs = {
  enabled: false,
  send: () => Promise.resolve(null),
  work: () => Promise.resolve(),
  depth: () => Promise.resolve({}),
  stop: () => Promise.resolve(),
};

/**
 * The queue of this process. Services enqueue through `enqueue()` from inside their own transaction and do not
 * carry an app handle, so the started queue registers itself here: one job queue per process (main.ts builds
 * one app; a test file that needs jobs builds its app with `jobs: true`, every other app has them off).
 */
let processJobs: Jobs | undefined;

/** Enqueues on this process's queue, inside the caller's transaction; does nothing when jobs are off. */
export function enqueue<T extends object>(executor: Executor, queue: QueueName, data: T): Promise<string | null> {
  return processJobs ? processJobs.send(queue, data, { executor }) : Promise.resolve(null);
}

/**
 * Starts pg-boss on the app's own database: the PostgreSQL pool, or PGlite through an `executeSql` adapter.
 * pg-boss creates (or migrates) its `pgboss` schema itself on start.
 */
export async function createJobs(database: Database, log: FastifyBaseLogger, options: JobsOptions): Promise<Jobs> {
  if (!options.enabled) return disabledJobs;
  if (processJobs) throw new Error('A job queue is already running in this process; stop it before starting another.');

  // Every statement pg-boss runs goes through here, so shutting down can wait for the last one to finish.
  let pending = 0;
  const track = async <R>(run: () => Promise<R>): Promise<R> => {
    pending++;
    try {
      return await run();
    } finally {
      pending--;
    }
  };
  const db: PgBoss.Db = { executeSql: (text, values) => track(() => executeOn(database, text, values)) };
  const boss = new PgBoss({ db, schema: 'pgboss', schedule: false });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const [name, policy] of Object.entries(QUEUES)) await boss.createQueue(name, { name, ...policy });

  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const batchSize = options.batchSize ?? 25;
  const workerIds = new Map<QueueName, string>();
  let active = 0;
  let stopping = false;

  const jobs: Jobs = {
    enabled: true,
    async send(queue, data, { executor, startAfterSeconds } = {}) {
      const id = await boss.send(queue, data, {
        ...QUEUES[queue],
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(executor ? { db: transactionDb(executor) } : {}),
      });
      // A job sent outside a transaction can start now; one inside waits for its commit and the next poll.
      const workerId = workerIds.get(queue);
      if (!executor && !startAfterSeconds && workerId) boss.notifyWorker(workerId);
      return id;
    },
    async work<T extends object>(queue: QueueName, handler: JobHandler<T>) {
      // A batch is fetched in one statement and its jobs run side by side; a job that fails is failed alone
      // (the queue retries it) and the others complete. A full batch means more is waiting: the worker then
      // fetches again at once instead of sleeping until the next poll.
      const id = await boss.work<T>(
        queue,
        { pollingIntervalSeconds, batchSize, includeMetadata: true },
        async (batch: PgBoss.JobWithMetadata<T>[]) => {
          if (batch.length === 0) return;
          // Fetched while shutting down: give the jobs back to the queue (counted as an attempt).
          if (stopping) throw new Error('The job queue is shutting down');
          active += batch.length;
          const failed: string[] = [];
          try {
            await Promise.all(
              batch.map(async (job) => {
                try {
                  await handler(job.data, { id: job.id, retryCount: job.retryCount });
                } catch (err) {
                  failed.push(job.id);
                  log.warn(
                    { err, queue, jobId: job.id, attempt: job.retryCount + 1 },
                    'job failed; the queue retries it',
                  );
                }
              }),
            );
            if (failed.length) await boss.fail(queue, failed);
          } finally {
            active -= batch.length;
          }
          const workerId = workerIds.get(queue);
          if (batch.length === batchSize && workerId && !stopping) boss.notifyWorker(workerId);
        },
      );
      workerIds.set(queue, id);
    },
    async depth() {
      const sizes: Partial<Record<QueueName, number>> = {};
      for (const queue of Object.keys(QUEUES) as QueueName[]) sizes[queue] = await boss.getQueueSize(queue);
      return sizes;
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // pg-boss completes a job without awaiting that statement: let the last ones land before the database closes.
      const deadline = Date.now() + 5_000;
      while ((pending > 0 || active > 0) && Date.now() < deadline) await sleep(10);
      if (processJobs === jobs) processJobs = undefined;
    },
  };
  processJobs = jobs;
  return jobs;
}

/** pg-boss's SQL on the app's connection: the pool, or PGlite (whose `exec` runs multi-statement scripts). */
async function executeOn(database: Database, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  if (database.pool) return database.pool.query(text, values);
  const pglite = database.pglite;
  if (!pglite) throw new Error('The database has neither a pool nor PGlite');
  if (values?.length) return pglite.query(text, values);
  const results = await pglite.exec(text);
  return results[results.length - 1] ?? { rows: [] };
}

/**
 * pg-boss's insert run through a Drizzle transaction (either driver): its `$n` placeholders become Drizzle
 * parameters, so the job row is written, or rolled back, with the caller's own changes.
 */
function transactionDb(executor: Executor): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[Number(match[1]) - 1])}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return { rows: await queryRows<unknown>(executor, sql.join(chunks)) };
    },
  };
}
