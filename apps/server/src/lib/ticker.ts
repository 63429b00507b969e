import type { FastifyBaseLogger } from 'fastify';

export type Ticker = { stop(): Promise<void> };

/**
 * Runs `task` every `intervalMs` after the previous run ends (never two at once), logging a failure and trying
 * again next time. The timer does not hold the process open; `stop` waits for a run in progress.
 */
export function startTicker({
  task,
  intervalMs,
  log,
  failure,
}: {
  task: () => Promise<unknown>;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** What the log says when a run fails. */
  failure: string;
}): Ticker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  const tick = () => {
    running = task()
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, failure),
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
