import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { ProviderErrorEntry } from '../../../db/schema/providers.js';
import { ProviderError, type ProviderName, type ProviderQuota, type RequestGate } from '../providers/provider.js';

/**
 * The request budget of each provider and its health, in the `provider_status` row every instance shares
 * (migration 0102). A request is taken from the budget before it is sent, by one conditional UPDATE: the row lock
 * makes instances take their requests one after the other, so together they never spend more than the minute's or
 * the day's allowance. A 429 or an outage sets `backoff_until`, which the same UPDATE honours.
 */

export type Clock = () => Date;
export type BudgetLimits = { perMinute: number; perDay: number };

const MAX_ERRORS = 10;
/** An outage's pause: 5 s, doubled with every failure in a row, at most five minutes. */
const OUTAGE_BASE_MS = 5_000;
const OUTAGE_MAX_MS = 300_000;
/** A refused key is not tried again for an hour: the setting needs fixing. */
const UNAUTHORIZED_PAUSE_MS = 3_600_000;

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export async function ensureProviderRows(db: Executor, providers: ProviderName[]): Promise<void> {
  for (const provider of providers) {
    await db.execute(sql`INSERT INTO provider_status (provider) VALUES (${provider}) ON CONFLICT DO NOTHING`);
  }
}

/**
 * Takes one request from the provider's budget, or throws a `budget` ProviderError saying how long to wait (the
 * back-off, the next minute or the next UTC day) when none is left.
 */
export async function takeRequest(
  db: Executor,
  provider: ProviderName,
  limits: BudgetLimits,
  now: Date,
): Promise<void> {
  const minute = minuteOf(now).toISOString();
  const day = dayOf(now);
  const at = now.toISOString();
  const taken = await queryRows<{ provider: string }>(
    db,
    sql`UPDATE provider_status SET
          minute_used = CASE WHEN minute_start = ${minute}::timestamptz THEN minute_used + 1 ELSE 1 END,
          minute_start = ${minute}::timestamptz,
          day_used = CASE WHEN day_start = ${day}::date THEN day_used + 1 ELSE 1 END,
          day_start = ${day}::date,
          updated_at = ${at}::timestamptz
        WHERE provider = ${provider}
          AND (backoff_until IS NULL OR backoff_until <= ${at}::timestamptz)
          AND (CASE WHEN minute_start = ${minute}::timestamptz THEN minute_used ELSE 0 END) < ${limits.perMinute}
          AND (CASE WHEN day_start = ${day}::date THEN day_used ELSE 0 END) < ${limits.perDay}
        RETURNING provider`,
  );
  if (taken.length) return;

  const [row] = await queryRows<{ backoff_until: string | null; minute_full: boolean; day_full: boolean }>(
    db,
    sql`SELECT backoff_until::text,
          (minute_start = ${minute}::timestamptz AND minute_used >= ${limits.perMinute}) AS minute_full,
          (day_start = ${day}::date AND day_used >= ${limits.perDay}) AS day_full
        FROM provider_status WHERE provider = ${provider}`,
  );
  if (!row) throw new Error(`provider_status has no row for ${provider}`);
  const waits: number[] = [];
  const backoff = row.backoff_until ? new Date(row.backoff_until).getTime() - now.getTime() : 0;
  if (backoff > 0) waits.push(backoff);
  if (row.day_full) waits.push(Date.parse(`${day}T00:00:00Z`) + 86_400_000 - now.getTime());
  else if (row.minute_full) waits.push(minuteOf(now).getTime() + 60_000 - now.getTime());
  const wait = Math.max(...waits, 1000);
  const why = backoff > 0 ? 'backing off' : row.day_full ? "the day's budget is spent" : "the minute's budget is spent";
  throw new ProviderError({ provider, kind: 'budget', message: why, retryAfterMs: wait });
}

/** The gate the adapters ask before each request: the shared budget, on the database. */
export function budgetGate(db: Executor, limits: BudgetLimits, clock: Clock): RequestGate {
  return (provider) => takeRequest(db, provider, limits, clock());
}

/**
 * An answer was read and written: the failure count resets, and the provider's own word on its limits is kept
 * (when it says nothing is left this minute or today, nothing is sent until its counter resets).
 */
export async function recordSuccess(
  db: Executor,
  provider: ProviderName,
  quota: ProviderQuota,
  now: Date,
  turn?: 'lists' | 'live',
): Promise<void> {
  let backoff: Date | null = null;
  if (quota.dayRemaining === 0) backoff = new Date(Date.parse(`${dayOf(now)}T00:00:00Z`) + 86_400_000);
  else if (quota.minuteRemaining === 0) backoff = new Date(now.getTime() + (quota.resetSeconds ?? 60) * 1000);
  const at = now.toISOString();
  await db.execute(
    sql`UPDATE provider_status SET
          failures = 0,
          last_success_at = ${at}::timestamptz,
          last_lists_at = CASE WHEN ${turn ?? null}::text = 'lists' THEN ${at}::timestamptz ELSE last_lists_at END,
          last_live_at = CASE WHEN ${turn ?? null}::text = 'live' THEN ${at}::timestamptz ELSE last_live_at END,
          quota_minute_remaining = coalesce(${quota.minuteRemaining ?? null}::integer, quota_minute_remaining),
          quota_day_remaining = coalesce(${quota.dayRemaining ?? null}::integer, quota_day_remaining),
          backoff_until = greatest(backoff_until, ${backoff?.toISOString() ?? null}::timestamptz),
          updated_at = ${at}::timestamptz
        WHERE provider = ${provider}`,
  );
}

/**
 * A failed call: kept among the last errors for the admin screen, and the pause it calls for set: a 429's
 * Retry-After, an outage's growing pause, an hour for a refused key. A malformed answer pauses nothing (the next
 * turn asks again); our own budget saying no is not an error of the provider's.
 */
export async function recordFailure(db: Executor, provider: ProviderName, error: unknown, now: Date): Promise<void> {
  const kind = error instanceof ProviderError ? error.kind : 'internal';
  if (kind === 'budget') return;
  const message = error instanceof Error ? error.message : String(error);
  const entry: ProviderErrorEntry = { at: now.toISOString(), kind, message: message.slice(0, 500) };
  const at = now.toISOString();
  const retryAfter = error instanceof ProviderError ? error.retryAfterMs : undefined;
  await db.execute(
    sql`UPDATE provider_status SET
          failures = CASE WHEN ${kind} = 'outage' THEN failures + 1 ELSE failures END,
          backoff_until = CASE
            WHEN ${kind} = 'rate_limited' THEN ${at}::timestamptz + make_interval(secs => ${(retryAfter ?? 60_000) / 1000})
            WHEN ${kind} = 'outage' THEN ${at}::timestamptz
              + make_interval(secs => least(${OUTAGE_MAX_MS / 1000}, ${OUTAGE_BASE_MS / 1000} * power(2, failures)))
            WHEN ${kind} = 'unauthorized' THEN ${at}::timestamptz + make_interval(secs => ${UNAUTHORIZED_PAUSE_MS / 1000})
            ELSE backoff_until END,
          errors = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM (
            SELECT e FROM jsonb_array_elements(${JSON.stringify([entry])}::jsonb || errors) WITH ORDINALITY AS x(e, n)
            ORDER BY n LIMIT ${MAX_ERRORS}) kept),
          updated_at = ${at}::timestamptz
        WHERE provider = ${provider}`,
  );
}

/**
 * Takes this turn of a sync for this instance when it is due: moves `next_<turn>_at` to `next` and says yes, or
 * says no when another instance already took it.
 */
export async function claimTurn(
  db: Executor,
  provider: ProviderName,
  turn: 'lists' | 'live',
  now: Date,
  next: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const rows = await queryRows<{ provider: string }>(
    db,
    turn === 'lists'
      ? sql`UPDATE provider_status SET next_lists_at = ${next.toISOString()}::timestamptz
            WHERE provider = ${provider} AND next_lists_at <= ${at}::timestamptz RETURNING provider`
      : sql`UPDATE provider_status SET next_live_at = ${next.toISOString()}::timestamptz
            WHERE provider = ${provider} AND next_live_at <= ${at}::timestamptz RETURNING provider`,
  );
  return rows.length > 0;
}

export type ProviderStatusView = {
  provider: ProviderName;
  lastSuccessAt: string | null;
  lastListsAt: string | null;
  lastLiveAt: string | null;
  /** Requests taken this minute and today (UTC), of the configured budget. */
  minuteUsed: number;
  dayUsed: number;
  budgetPerMinute: number;
  budgetPerDay: number;
  /** What the provider's headers last said is left of its own limits. */
  quotaMinuteRemaining: number | null;
  quotaDayRemaining: number | null;
  backoffUntil: string | null;
  errors: ProviderErrorEntry[];
};

/** Each configured provider's row as the admin screen shows it. */
export async function readProviderStatus(db: Executor, limits: BudgetLimits, now: Date): Promise<ProviderStatusView[]> {
  const minute = minuteOf(now).toISOString();
  const day = dayOf(now);
  const rows = await queryRows<{
    provider: ProviderName;
    last_success_at: string | null;
    last_lists_at: string | null;
    last_live_at: string | null;
    minute_used: number;
    day_used: number;
    quota_minute_remaining: number | null;
    quota_day_remaining: number | null;
    backoff_until: string | null;
    errors: ProviderErrorEntry[];
  }>(
    db,
    sql`SELECT provider,
          to_json(last_success_at) #>> '{}' AS last_success_at,
          to_json(last_lists_at) #>> '{}' AS last_lists_at,
          to_json(last_live_at) #>> '{}' AS last_live_at,
          CASE WHEN minute_start = ${minute}::timestamptz THEN minute_used ELSE 0 END AS minute_used,
          CASE WHEN day_start = ${day}::date THEN day_used ELSE 0 END AS day_used,
          quota_minute_remaining, quota_day_remaining,
          CASE WHEN backoff_until > ${now.toISOString()}::timestamptz THEN to_json(backoff_until) #>> '{}' END
            AS backoff_until,
          errors
        FROM provider_status ORDER BY provider`,
  );
  return rows.map((row) => ({
    provider: row.provider,
    lastSuccessAt: iso(row.last_success_at),
    lastListsAt: iso(row.last_lists_at),
    lastLiveAt: iso(row.last_live_at),
    minuteUsed: row.minute_used,
    dayUsed: row.day_used,
    budgetPerMinute: limits.perMinute,
    budgetPerDay: limits.perDay,
    quotaMinuteRemaining: row.quota_minute_remaining,
    quotaDayRemaining: row.quota_day_remaining,
    backoffUntil: iso(row.backoff_until),
    errors: row.errors,
  }));
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** A turn that failed comes again at `at` at the latest (a daily sync is not put off to the next day). */
export async function retryTurnSoon(db: Executor, provider: ProviderName, at: Date): Promise<void> {
  await db.execute(
    sql`UPDATE provider_status SET next_lists_at = least(next_lists_at, ${at.toISOString()}::timestamptz)
        WHERE provider = ${provider}`,
  );
}
