import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { startTicker, type Ticker } from '../../lib/ticker.js';
import { applyLeaderboard } from './leaderboard.queries.js';

export type LeaderboardApplier = Ticker;

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
  return startTicker({
    task: () => applyLeaderboard(db),
    intervalMs,
    log,
    failure: 'applying pending leaderboard activity failed; retrying',
  });
}
