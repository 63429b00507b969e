import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { FootballConfig } from '../../../lib/football-config.js';
import type { Jobs } from '../../../lib/jobs.js';
import { startTicker } from '../../../lib/ticker.js';
import { createApiFootballProvider } from '../providers/api-football.js';
import { createFootballDataProvider } from '../providers/football-data.js';
import type { FootballProvider, ProviderName } from '../providers/provider.js';
import { budgetGate, claimTurn, ensureProviderRows, retryTurnSoon, type BudgetLimits, type Clock } from './budget.js';
import { liveWanted, syncFixtureList, syncLive, type SyncDeps } from './sync.service.js';

/**
 * When the providers are asked (decision 023). A ticker in every process with jobs on looks every few seconds
 * whose turn is due: the fixture lists once a day, the live matches every FOOTBALL_LIVE_POLL_S seconds but only
 * while a followed fixture is on or kicks off within minutes. The instance that moves a turn forward in
 * `provider_status` (one conditional UPDATE) sends it to the `football` queue of pg-boss, whose worker runs it;
 * so with several instances each turn runs once. Every request is taken from the shared budget first.
 */

export type FootballJob = { provider: ProviderName; turn: 'lists' | 'live' };

export type FootballSync = {
  stop(): Promise<void>;
  /** Runs one turn now (what the queue's worker does). */
  run(job: FootballJob): Promise<void>;
  /** Looks once at which turns are due, and sends them. */
  tick(): Promise<void>;
};

/** A failed daily sync is tried again this soon rather than the next day. */
const LISTS_RETRY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export function createProviders(config: FootballConfig, gate: ReturnType<typeof budgetGate>): FootballProvider[] {
  const providers: FootballProvider[] = [];
  if (config.footballData) {
    providers.push(
      createFootballDataProvider(config.footballData.token, { baseUrl: config.footballData.baseUrl, gate }),
    );
  }
  if (config.apiFootball) {
    providers.push(createApiFootballProvider(config.apiFootball.key, { baseUrl: config.apiFootball.baseUrl, gate }));
  }
  return providers;
}

export async function startFootballSync({
  db,
  jobs,
  football,
  log,
  now = () => new Date(),
  tickMs,
}: {
  db: Db;
  jobs: Jobs;
  football: FootballConfig | undefined;
  log: FastifyBaseLogger;
  now?: Clock;
  /** How often turns are looked at (default: every 5 s, or the live poll when shorter); 0: only by `tick()`. */
  tickMs?: number;
}): Promise<FootballSync> {
  // No token or key: no provider, and fixtures are entered by hand.
  if (!football) return { stop: () => Promise.resolve(), run: () => Promise.resolve(), tick: () => Promise.resolve() };
  const limits: BudgetLimits = { perMinute: football.budgetPerMinute, perDay: football.budgetPerDay };
  const providers = createProviders(football, budgetGate(db, limits, now));
  await ensureProviderRows(
    db,
    providers.map((p) => p.name),
  );
  const deps = new Map<ProviderName, SyncDeps>(
    providers.map((provider) => [
      provider.name,
      {
        db,
        provider,
        competitions: football.competitions.filter((c) => c.provider === provider.name),
        now,
        detailsFetchedAt: new Map(),
      },
    ]),
  );

  const run = async ({ provider, turn }: FootballJob) => {
    const d = deps.get(provider);
    if (!d) return;
    if (turn === 'live') {
      await syncLive(d);
      return;
    }
    try {
      for (const followed of d.competitions) await syncFixtureList(d, followed);
    } catch (error) {
      await retryTurnSoon(db, provider, new Date(now().getTime() + LISTS_RETRY_MS));
      throw error;
    }
  };

  const runLogged = async (job: FootballJob) => {
    try {
      await run(job);
    } catch (error) {
      // Recorded in provider_status already; the next turn asks again.
      log.warn({ err: error, provider: job.provider, turn: job.turn }, 'football sync failed');
    }
  };
  const dispatch = async (job: FootballJob) => {
    if (jobs.enabled) await jobs.send('football', job);
    else await runLogged(job);
  };
  await jobs.work<FootballJob>('football', runLogged);

  const tick = async () => {
    for (const provider of providers) {
      const at = now();
      if (await claimTurn(db, provider.name, 'lists', at, new Date(at.getTime() + DAY_MS))) {
        await dispatch({ provider: provider.name, turn: 'lists' });
      }
      if (
        (await liveWanted(db, provider.name, at)) &&
        (await claimTurn(db, provider.name, 'live', at, new Date(at.getTime() + football.livePollSeconds * 1000)))
      ) {
        await dispatch({ provider: provider.name, turn: 'live' });
      }
    }
  };
  const intervalMs = tickMs ?? Math.min(5, football.livePollSeconds) * 1000;
  const ticker =
    intervalMs > 0 ? startTicker({ task: tick, intervalMs, log, failure: 'football sync turn failed' }) : undefined;
  log.info(
    { providers: providers.map((p) => p.name), competitions: football.competitions },
    'football providers followed',
  );
  return { stop: async () => ticker?.stop(), run, tick };
}
