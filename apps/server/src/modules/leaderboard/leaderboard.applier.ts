import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { applyLeaderboard } from './leaderboard.queries.js';

export type LeaderboardApplier = { stop(): Promise<void> };

/**
 * Moves pending leaderboard activity into the rollups about once a second (0094_leaderboard_pending), in each
 * process that runs jobs, so the pending table stays short when nobody reads a board (a board read applies it
 * too). Several processes may run one: applies take turns on one lock, and an idle one reads the sequence's last
 * number and looks at the table once (0095).
 * `stop` waits for an apply in progress.
 */
export function startLeaderboardApplier({
  db,
  log,
  intervalMs = 1000,
}: {
  db: Db;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): LeaderboardApplier {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  const tick = () => {
    running = applyLeaderboard(db)
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'applying pending leaderboard activity failed; retrying'),
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
