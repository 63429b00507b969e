import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { startTicker, type Ticker } from '../../lib/ticker.js';
import { pruneFollowingTimelines } from './posts.queries.js';

/**
 * Keeps the Following timelines short (0098), in each process that runs jobs: every ten minutes it cuts those
 * that grew past 200 items back to their newest 100, and drops those of fans with no live session, whom posts
 * then no longer fan out to (0099). Older pages are merged at read time and a dropped timeline is built again on
 * the next read, so a late or missed run costs only space.
 */
export function startFollowingPruner({
  db,
  log,
  intervalMs = 10 * 60_000,
}: {
  db: Db;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): Ticker {
  return startTicker({
    task: () => pruneFollowingTimelines(db),
    intervalMs,
    log,
    failure: 'pruning the Following timelines failed; retrying',
  });
}
