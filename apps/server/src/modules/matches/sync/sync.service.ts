import type { MatchEvent } from '@burti/shared';
import type { Db, Executor } from '../../../db/client.js';
import { publishTopic } from '../../../lib/realtime.js';
import { currentLiveEvent, matchTopic } from '../matches.service.js';
import { queueMatchAlerts } from '../../match-alerts/match-alerts.service.js';
import {
  ProviderError,
  type FollowedCompetition,
  type FootballProvider,
  type MatchEventKind,
  type ProviderAnswer,
  type ProviderEvent,
  type ProviderFixture,
  type ProviderFixtureDetails,
  type ProviderLineup,
} from '../providers/provider.js';
import type { FootballConfig } from '../../../lib/football-config.js';
import { readProviderStatus, recordFailure, recordSuccess, type Clock, type ProviderStatusView } from './budget.js';
import * as q from './sync.queries.js';

/**
 * Provider answers written into the matchday tables (decision 023). Everything is keyed by provider id: a fixture
 * by (provider, provider_id), an event by its provider key, a team through team_provider_ids, so the same answer
 * written twice changes nothing and announces nothing. A fixture an administrator edited (`hand_locked`) is not
 * touched until released. Each change a fan watching the match should see is announced on the match's topic with
 * the matches module's own live event.
 */

export type SyncDeps = {
  db: Db;
  provider: FootballProvider;
  /** What is followed with this provider (FOOTBALL_COMPETITIONS). */
  competitions: FollowedCompetition[];
  now: Clock;
  /** When each live fixture's details were last fetched, so unchanged ones are asked again only now and then. */
  detailsFetchedAt?: Map<string, number>;
};

export type SyncReport = {
  fixturesCreated: number;
  fixturesUpdated: number;
  /** Provider changes not applied because an administrator holds the fixture. */
  handLocked: number;
  eventsAdded: number;
  eventsWithdrawn: number;
  standingsRefreshed: number;
  requests: number;
};

const emptyReport = (): SyncReport => ({
  fixturesCreated: 0,
  fixturesUpdated: 0,
  handLocked: 0,
  eventsAdded: 0,
  eventsWithdrawn: 0,
  standingsRefreshed: 0,
  requests: 0,
});

/** A live fixture whose score and status did not move is asked for its details at most this often. */
const DETAILS_EVERY_MS = 60_000;
/** Fixtures kicking off this soon are polled live already (a kick-off is seen within one poll). */
export const KICKOFF_SOON_MS = 10 * 60_000;

const SCORING: readonly MatchEventKind[] = ['goal', 'own_goal', 'penalty_goal'];
const FINAL_STATUSES = ['finished', 'cancelled', 'abandoned'];

type Change = 'phase' | 'minute' | 'event_added' | 'event_cancelled' | 'event_removed' | 'edit' | 'result';
type Announcement = { fixtureId: string; change: Change; event: q.EventRow | null };

/** One provider call, its cost and the provider's answer about its limits recorded; a failure recorded too. */
async function call<T>(deps: SyncDeps, report: SyncReport, run: () => Promise<ProviderAnswer<T>>) {
  try {
    const answer = await run();
    report.requests += answer.cost;
    await recordSuccess(deps.db, deps.provider.name, answer.quota, deps.now());
    return answer.data;
  } catch (error) {
    if (error instanceof ProviderError) report.requests += error.cost;
    await recordFailure(deps.db, deps.provider.name, error, deps.now());
    throw error;
  }
}

/** The live event of the matches module, with what changed, on the match's topic (sent after the commit). */
async function announce(tx: Executor, { fixtureId, change, event }: Announcement): Promise<void> {
  const live = await currentLiveEvent({ db: tx, matchId: fixtureId });
  await publishTopic(tx, matchTopic(fixtureId), 'match', { ...live, change, event: event ? eventView(event) : null });
}

const eventView = (row: q.EventRow): MatchEvent => ({
  id: String(row.id),
  kind: row.kind,
  minute: row.minute,
  addedMinute: row.addedMinute,
  side: row.side,
  player: row.player,
  secondPlayer: row.secondPlayer,
  detail: row.detail,
  disallowsEventId: row.disallowsEventId === null ? null : String(row.disallowsEventId),
  cancelled: row.cancelledAt !== null,
  createdAt: new Date(row.createdAt).toISOString(),
});

// --- fixtures ----------------------------------------------------------------------------------------------------

function fixtureValues(f: ProviderFixture, previous: q.FixtureRow | null, now: Date): q.FixtureValues {
  const final = FINAL_STATUSES.includes(f.status);
  const live = f.status === 'live' || f.status === 'half_time';
  return {
    round: f.round,
    kickoffAt: f.kickoff,
    venue: f.venue,
    status: f.status,
    minute: live ? f.minute : null,
    addedMinute: live ? f.addedMinute : null,
    scoreHome: f.score.fullTime?.home ?? null,
    scoreAway: f.score.fullTime?.away ?? null,
    htHome: f.score.halfTime?.home ?? null,
    htAway: f.score.halfTime?.away ?? null,
    etHome: f.score.extraTime?.home ?? null,
    etAway: f.score.extraTime?.away ?? null,
    penHome: f.score.penalties?.home ?? null,
    penAway: f.score.penalties?.away ?? null,
    finishedAt: final ? (previous?.finishedAt ?? now) : null,
  };
}

/** The fields that differ, and the change a watcher is told of; null when the row already says it all. */
function diff(previous: q.FixtureRow, next: q.FixtureValues): { values: q.FixtureValues; change: Change } | null {
  const values: q.FixtureValues = {};
  for (const [key, value] of Object.entries(next) as [keyof q.FixtureValues, unknown][]) {
    const before = previous[key];
    const same =
      before instanceof Date && value instanceof Date ? before.getTime() === value.getTime() : before === value;
    if (!same) (values as Record<string, unknown>)[key] = value;
  }
  delete values.finishedAt;
  if (Object.keys(values).length === 0) return null;
  values.finishedAt = next.finishedAt;
  const scoreMoved = ['scoreHome', 'scoreAway', 'htHome', 'htAway', 'etHome', 'etAway', 'penHome', 'penAway'].some(
    (key) => key in values,
  );
  const statusMoved = 'status' in values;
  const change: Change =
    statusMoved && next.status !== 'postponed' && next.status !== 'cancelled' && next.status !== 'scheduled'
      ? 'phase'
      : scoreMoved && next.status === 'finished'
        ? 'result'
        : !statusMoved && !scoreMoved && Object.keys(values).every((key) => key === 'minute' || key === 'addedMinute')
          ? 'minute'
          : 'edit';
  return { values, change };
}

type FixtureOutcome = {
  id: string;
  seasonId: number;
  competitionId: number;
  created: boolean;
  locked: boolean;
  change: Change | null;
  /** The fixture's status before this write (null: created now), for the alerts a move makes. */
  from: string | null;
  /** A finished result appeared or moved: the season's table follows. */
  resultMoved: boolean;
};

/** Writes one provider fixture (inside the caller's transaction): created, linked, updated, or left to the hand edit. */
async function upsertFixture(tx: Executor, deps: SyncDeps, f: ProviderFixture): Promise<FixtureOutcome> {
  const provider = deps.provider.name;
  const now = deps.now();
  const competitionId = await q.resolveCompetition(tx, provider, f.competition);
  const seasonId = await q.resolveSeason(tx, competitionId, f.season);
  const homeTeamId = await q.resolveTeam(tx, provider, f.home);
  const awayTeamId = await q.resolveTeam(tx, provider, f.away);

  let row = await q.lockProviderFixture(tx, provider, f.providerId);
  if (!row) {
    row = await q.lockSameFixture(tx, provider, { seasonId, homeTeamId, awayTeamId, kickoff: f.kickoff });
    if (row) {
      // The same match entered by hand, or followed through another provider before: it is this provider's now.
      await q.linkFixture(tx, row.id, provider, f.providerId);
    }
  }
  const base = {
    id: '',
    seasonId,
    competitionId,
    created: false,
    locked: false,
    change: null,
    from: row?.status ?? null,
    resultMoved: false,
  };
  if (!row) {
    const created = await q.insertFixture(tx, {
      ...fixtureValues(f, null, now),
      competitionId,
      seasonId,
      homeTeamId,
      awayTeamId,
      kickoffAt: f.kickoff,
      provider,
      providerId: f.providerId,
    });
    return { ...base, id: created.id, created: true, resultMoved: f.status === 'finished' };
  }
  if (row.handLocked) return { ...base, id: row.id, seasonId: row.seasonId, locked: true };

  const next = { ...fixtureValues(f, row, now), seasonId, competitionId, homeTeamId, awayTeamId };
  const changed = diff(row, next);
  if (!changed) return { ...base, id: row.id };
  await q.updateFixture(tx, row.id, changed.values);
  const resultMoved =
    (row.status === 'finished' || next.status === 'finished') &&
    (changed.change === 'result' ||
      'status' in changed.values ||
      'scoreHome' in changed.values ||
      'scoreAway' in changed.values);
  return { ...base, id: row.id, change: changed.change, resultMoved };
}

// --- events and lineups ------------------------------------------------------------------------------------------

/**
 * The provider's events of a fixture made the fixture's: new ones added, changed ones corrected, and the ones it no
 * longer lists withdrawn. A withdrawn goal (a goal cancelled by VAR) stays in the timeline marked cancelled, no
 * longer counted, and the VAR decision that came with it points at it; any other withdrawn event is removed. A
 * goal listed again is counted again. Events an administrator added (no provider key) are left alone.
 */
async function applyEvents(
  tx: Executor,
  fixtureId: string,
  events: ProviderEvent[],
  report: SyncReport,
): Promise<Announcement[]> {
  const announcements: Announcement[] = [];
  const existing = new Map((await q.providerEvents(tx, fixtureId)).map((row) => [row.providerKey!, row]));
  const listed = new Set(events.map((e) => e.key));

  for (const [key, row] of existing) {
    if (listed.has(key)) continue;
    if (SCORING.includes(row.kind)) {
      if (row.cancelledAt !== null) continue;
      const cancelled = await q.updateEvent(tx, row.id, { cancelledAt: new Date() });
      existing.set(key, cancelled);
      announcements.push({ fixtureId, change: 'event_cancelled', event: cancelled });
    } else {
      await q.deleteEvent(tx, row.id);
      existing.delete(key);
      announcements.push({ fixtureId, change: 'event_removed', event: row });
    }
    report.eventsWithdrawn++;
  }

  for (const e of events) {
    const values = {
      kind: e.kind,
      minute: e.minute,
      addedMinute: e.addedMinute,
      side: e.side,
      player: e.player,
      secondPlayer: e.secondPlayer,
      detail: e.detail,
    };
    const row = existing.get(e.key);
    if (!row) {
      const disallows = e.kind === 'var' ? disallowedGoal([...existing.values()], e) : null;
      const inserted = await q.insertEvent(tx, {
        ...values,
        fixtureId,
        providerKey: e.key,
        disallowsEventId: disallows?.id ?? null,
      });
      existing.set(e.key, inserted);
      report.eventsAdded++;
      announcements.push({ fixtureId, change: 'event_added', event: inserted });
      continue;
    }
    const moved = (Object.keys(values) as (keyof typeof values)[]).some((key) => row[key] !== values[key]);
    if (moved || row.cancelledAt !== null) {
      const updated = await q.updateEvent(tx, row.id, { ...values, cancelledAt: null });
      existing.set(e.key, updated);
      announcements.push({ fixtureId, change: row.cancelledAt !== null ? 'event_added' : 'edit', event: updated });
    }
  }
  return announcements;
}

/** The cancelled goal a VAR decision ("Goal cancelled") is about: the same side's latest one at or before it. */
function disallowedGoal(rows: q.EventRow[], decision: ProviderEvent): q.EventRow | null {
  if (!/cancel|disallow/i.test(decision.detail ?? '')) return null;
  const candidates = rows
    .filter((row) => SCORING.includes(row.kind) && row.cancelledAt !== null && row.side === decision.side)
    .filter((row) => (row.minute ?? 0) <= decision.minute)
    .sort((a, b) => (b.minute ?? 0) - (a.minute ?? 0));
  return candidates[0] ?? null;
}

/** The provider's lineups in place of the stored ones; false when they are the same already. */
async function applyLineups(tx: Executor, fixtureId: string, lineups: ProviderLineup[]): Promise<boolean> {
  const rows = lineups.flatMap((l) => [
    ...l.starting.map((p) => ({ side: l.side, player: p.name, number: p.number, position: p.position, starter: true })),
    ...l.bench.map((p) => ({ side: l.side, player: p.name, number: p.number, position: p.position, starter: false })),
  ]);
  const stored = await q.storedLineups(tx, fixtureId);
  if (JSON.stringify(stored) === JSON.stringify(rows)) return false;
  await q.replaceLineups(tx, fixtureId, rows);
  return true;
}

/** One fixture's details in one transaction: the fixture, then its events and lineups, each change announced. */
async function applyDetails(deps: SyncDeps, details: ProviderFixtureDetails, report: SyncReport) {
  return deps.db.transaction(async (tx) => {
    const outcome = await upsertFixture(tx, deps, details.fixture);
    count(report, outcome);
    if (outcome.locked) return outcome;
    const announcements = await applyEvents(tx, outcome.id, details.events, report);
    if (details.lineups && details.lineups.length && (await applyLineups(tx, outcome.id, details.lineups))) {
      if (!outcome.change && !announcements.length)
        announcements.push({ fixtureId: outcome.id, change: 'edit', event: null });
    }
    if (outcome.change && !announcements.length)
      announcements.push({ fixtureId: outcome.id, change: outcome.change, event: null });
    for (const announcement of announcements) await announce(tx, announcement);
    await queueMatchAlerts(tx, {
      fixtureId: outcome.id,
      from: outcome.from,
      events: announcements.flatMap((a) => (a.change === 'event_added' && a.event ? [a.event] : [])),
    });
    return outcome;
  });
}

function count(report: SyncReport, outcome: FixtureOutcome) {
  if (outcome.created) report.fixturesCreated++;
  else if (outcome.locked) report.handLocked++;
  else if (outcome.change) report.fixturesUpdated++;
}

// --- standings -----------------------------------------------------------------------------------------------------

/** The followed competition a fixture's season belongs to, for asking the provider for its table. */
async function followedFor(deps: SyncDeps, seasonId: number): Promise<FollowedCompetition | null> {
  const season = await q.competitionOf(deps.db, seasonId);
  if (!season) return null;
  return (
    deps.competitions.find((c) => String(c.season) === season.label && c.competition === season.providerId) ?? null
  );
}

/**
 * A season's table after a result appeared or moved: the provider's own, or when it cannot be had (budget,
 * outage, a competition not followed), the one computed from the finished fixtures, so the table never shows a
 * result that was corrected.
 */
async function refreshStandings(deps: SyncDeps, seasonIds: Set<number>, report: SyncReport): Promise<void> {
  for (const seasonId of seasonIds) {
    const followed = await followedFor(deps, seasonId);
    let rows = null;
    if (followed) {
      try {
        rows = await call(deps, report, () => deps.provider.standings(followed));
      } catch {
        rows = null;
      }
    }
    await deps.db.transaction(async (tx) => {
      const season = await q.competitionOf(tx, seasonId);
      if (!season) return;
      if (!rows || rows.length === 0) {
        await q.recomputeStandings(tx, seasonId);
        return;
      }
      const resolved = [];
      for (const row of rows) {
        resolved.push({
          teamId: await q.resolveTeam(tx, deps.provider.name, row.team),
          position: row.position,
          played: row.played,
          won: row.won,
          drawn: row.drawn,
          lost: row.lost,
          goalsFor: row.goalsFor,
          goalsAgainst: row.goalsAgainst,
          points: row.points,
        });
      }
      await q.replaceStandings(tx, { competitionId: season.competitionId, seasonId, rows: resolved });
    });
    report.standingsRefreshed++;
  }
}

// --- the two syncs ---------------------------------------------------------------------------------------------------

/**
 * The daily sync of a followed competition's season: every fixture written (new ones created, moved ones
 * corrected, hand-held ones left), and the table asked for again.
 */
export async function syncFixtureList(deps: SyncDeps, followed: FollowedCompetition): Promise<SyncReport> {
  const report = emptyReport();
  const list = await call(deps, report, () => deps.provider.fixtures(followed));
  const seasons = new Set<number>();
  for (const f of list) {
    await deps.db.transaction(async (tx) => {
      const outcome = await upsertFixture(tx, deps, f);
      count(report, outcome);
      seasons.add(outcome.seasonId);
      if (outcome.change && !outcome.created) {
        await announce(tx, { fixtureId: outcome.id, change: outcome.change, event: null });
        await queueMatchAlerts(tx, { fixtureId: outcome.id, from: outcome.from });
      }
    });
  }
  await refreshStandings(deps, seasons, report);
  await recordSuccess(deps.db, deps.provider.name, {}, deps.now(), 'lists');
  return report;
}

/**
 * One live poll: the provider's live fixtures, and for each fixture of ours that is on (or was, or kicks off
 * now), its details when its score or status moved, when it left the live list (full time, abandoned), or when
 * they were last asked a minute ago. The table follows a finished result.
 */
export async function syncLive(deps: SyncDeps): Promise<SyncReport> {
  const report = emptyReport();
  const now = deps.now();
  const fetched = (deps.detailsFetchedAt ??= new Map<string, number>());
  const watched = await q.watchedFixtures(deps.db, deps.provider.name, now, KICKOFF_SOON_MS);
  if (watched.length === 0) return report;

  const live = await call(deps, report, () => deps.provider.liveFixtures());
  const ours = new Map(
    (
      await q.findFixtureByProviderIds(
        deps.db,
        deps.provider.name,
        live.map((f) => f.providerId),
      )
    ).map((row) => [row.providerId, row.id]),
  );
  const seasons = new Set<number>();
  const needDetails = new Set<string>();

  for (const f of live) {
    if (!ours.has(f.providerId)) continue;
    const outcome = await deps.db.transaction(async (tx) => {
      const written = await upsertFixture(tx, deps, f);
      // A kick-off or full time seen in the live list alerts at once, before the details are asked.
      if (written.change && !written.created) await queueMatchAlerts(tx, { fixtureId: written.id, from: written.from });
      return written;
    });
    count(report, outcome);
    if (outcome.locked) continue;
    if (outcome.resultMoved) seasons.add(outcome.seasonId);
    const last = fetched.get(f.providerId) ?? 0;
    const scoreOrStatus = outcome.change !== null && outcome.change !== 'minute';
    if (scoreOrStatus || now.getTime() - last >= DETAILS_EVERY_MS) needDetails.add(f.providerId);
    else if (outcome.change) {
      await deps.db.transaction((tx) => announce(tx, { fixtureId: outcome.id, change: outcome.change!, event: null }));
    }
  }
  // On before, not in the live list now: ended (or stopped). Its details say how.
  const liveIds = new Set(live.map((f) => f.providerId));
  for (const w of watched) {
    if ((w.status === 'live' || w.status === 'half_time') && !liveIds.has(w.providerId)) needDetails.add(w.providerId);
  }

  for (const providerId of needDetails) {
    let details: ProviderFixtureDetails;
    try {
      const withLineups = !(await q.hasLineups(deps.db, ours.get(providerId) ?? watchedId(watched, providerId)));
      details = await call(deps, report, () => deps.provider.fixtureDetails(providerId, { lineups: withLineups }));
    } catch (error) {
      // Out of budget or the provider away: the next poll asks again; what was written stays.
      if (error instanceof ProviderError) continue;
      throw error;
    }
    fetched.set(providerId, deps.now().getTime());
    const outcome = await applyDetails(deps, details, report);
    if (outcome.resultMoved) seasons.add(outcome.seasonId);
  }
  await refreshStandings(deps, seasons, report);
  await recordSuccess(deps.db, deps.provider.name, {}, deps.now(), 'live');
  return report;
}

const watchedId = (watched: { id: string; providerId: string }[], providerId: string) =>
  watched.find((w) => w.providerId === providerId)?.id ?? '00000000-0000-0000-0000-000000000000';

/** Whether a live poll is wanted now: one of the provider's fixtures is on or kicks off within minutes. */
export async function liveWanted(db: Db, provider: FootballProvider['name'], now: Date): Promise<boolean> {
  return (await q.watchedFixtures(db, provider, now, KICKOFF_SOON_MS)).length > 0;
}

/**
 * The admin screen's provider status: for each configured provider, the last sync, the requests taken of the
 * budget this minute and today, the back-off if one is running, and the last errors. Empty without a provider.
 */
export async function footballProviderStatus({
  db,
  football,
  now = new Date(),
}: {
  db: Executor;
  football: FootballConfig | undefined;
  now?: Date;
}): Promise<ProviderStatusView[]> {
  if (!football) return [];
  return readProviderStatus(db, { perMinute: football.budgetPerMinute, perDay: football.budgetPerDay }, now);
}
