import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseLog, Db, Executor } from './handle.js';

type AfterCommit = { db: Db; steps: (() => Promise<void>)[] };
const afterCommitStore = new AsyncLocalStorage<AfterCommit>();

/**
 * `db.transaction` that runs the steps queued by `afterCommit()` once the outermost transaction has committed
 * (and drops them when it rolls back), so e.g. NOTIFY leaves the write transaction: commits no longer queue
 * behind PostgreSQL's cluster-wide notification lock.
 */
export function withAfterCommit(db: Db, log: DatabaseLog): Db {
  const transaction = db.transaction.bind(db);
  const wrapped: Db['transaction'] = async (run, config) => {
    const context: AfterCommit = { db, steps: [] };
    const result = await afterCommitStore.run(context, () => transaction(run, config));
    for (const step of context.steps) {
      try {
        await step();
      } catch (err) {
        log.warn({ err }, 'a step after a committed transaction failed');
      }
    }
    return result;
  };
  db.transaction = wrapped;
  return db;
}

/**
 * Runs `step` with the root database once the current transaction commits, or at once outside a transaction
 * (on `executor`).
 */
export async function afterCommit(executor: Executor, step: (db: Executor) => Promise<void>): Promise<void> {
  const context = afterCommitStore.getStore();
  if (context) context.steps.push(() => step(context.db));
  else await step(executor);
}
