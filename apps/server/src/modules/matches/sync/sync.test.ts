import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import {
  clubs,
  fixtures,
  matchEvents,
  providerStatus,
  standings,
  teamProviderIds,
  teams,
} from '../../../db/schema/index.js';
import { EVENTS_CHANNEL } from '../../../lib/realtime.js';
import { createTestDatabase } from '../../../../test/harness.js';
import {
  FAKE_API_FOOTBALL_KEY,
  FAKE_FOOTBALL_DATA_TOKEN,
  startFakeFootball,
  type FakeFootball,
} from '../../../../test/fake-football/server.js';
import { LEAGUE, leagueWorld, progression, type FakeMatch } from '../../../../test/fake-football/world.js';
import { createApiFootballProvider } from '../providers/api-football.js';
import { createFootballDataProvider } from '../providers/football-data.js';
import type { FollowedCompetition, FootballProvider, ProviderName, RequestGate } from '../providers/provider.js';
import { budgetGate, ensureProviderRows, readProviderStatus, type BudgetLimits } from './budget.js';
import { syncFixtureList, syncLive, type SyncDeps } from './sync.service.js';

/** Provider answers from the local fake written into the matchday tables, on the test's database. */

let database: Database;
let db: Database['db'];
const published: {
  topic: string;
  name: string;
  event: {
    change: string | null;
    match: { score: unknown; status: string };
    event: { kind: string; cancelled: boolean } | null;
  };
}[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  ({ database } = await createTestDatabase());
  db = database.db;
  unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    const message = JSON.parse(payload) as { topic?: string; name: string; event: (typeof published)[number]['event'] };
    if (message.topic) published.push({ topic: message.topic, name: message.name, event: message.event });
  });
});
afterAll(async () => {
  await unlisten();
  await database.close();
});

type Case = {
  name: ProviderName;
  make: (url: string, gate: RequestGate) => FootballProvider;
  followed: FollowedCompetition;
};

const cases: Case[] = [
  {
    name: 'football-data',
    make: (url, gate) =>
      createFootballDataProvider(FAKE_FOOTBALL_DATA_TOKEN, { baseUrl: `${url}/football-data`, gate }),
    followed: { provider: 'football-data', competition: LEAGUE.code, season: LEAGUE.season },
  },
  {
    name: 'api-football',
    make: (url, gate) => createApiFootballProvider(FAKE_API_FOOTBALL_KEY, { baseUrl: `${url}/api-football`, gate }),
    followed: { provider: 'api-football', competition: String(LEAGUE.leagueId), season: LEAGUE.season },
  },
];

describe.each(cases)('$name sync into the matchday tables', ({ name, make, followed }) => {
  let fake: FakeFootball;
  let clock: Date;
  let deps: SyncDeps;
  const limits: BudgetLimits = { perMinute: 30, perDay: 1000 };
  const kickoff = new Date('2026-11-29T16:00:00.000Z');

  beforeEach(async () => {
    // Each case starts from empty matchday tables (both providers share the file's database).
    await db.delete(fixtures);
    await db.delete(teamProviderIds);
    await db.delete(standings);
    await db.delete(teams);
    await db.delete(providerStatus);
    await ensureProviderRows(db, [name]);
    fake = await startFakeFootball(leagueWorld(kickoff));
    clock = new Date(kickoff.getTime() - 86_400_000);
    const now = () => clock;
    deps = { db, provider: make(fake.url, budgetGate(db, limits, now)), competitions: [followed], now };
    published.length = 0;
  });
  afterEach(async () => {
    await fake.close();
  });

  const derby = (): FakeMatch => fake.world.matches.find((m) => m.id === 5001)!;
  const step = (...names: (keyof typeof progression)[]) => names.forEach((n) => progression[n]!(derby()));
  const ourDerby = async () => {
    const [row] = await db.select().from(fixtures).where(eq(fixtures.providerId, '5001'));
    return row!;
  };
  const eventsOf = (fixtureId: string) =>
    db.select().from(matchEvents).where(eq(matchEvents.fixtureId, fixtureId)).orderBy(matchEvents.id);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  it('creates the season once: competition, teams without a club, fixtures; a repeated sync changes nothing', async () => {
    const first = await syncFixtureList(deps, followed);
    expect(first).toMatchObject({ fixturesCreated: 2, fixturesUpdated: 0 });
    const derbyRow = await ourDerby();
    expect(derbyRow).toMatchObject({
      status: 'scheduled',
      provider: name,
      handLocked: false,
      venue: 'Boris Paichadze Dinamo Arena',
    });
    expect(derbyRow.kickoffAt.toISOString()).toBe(kickoff.toISOString());
    const created = await db.select().from(teams).orderBy(teams.name);
    expect(created.map((t) => [t.name, t.clubId])).toEqual([
      ['FC Dila Gori', null],
      ['FC Dinamo Tbilisi', null],
      ['FC Iberia 1999', null],
      ['FC Torpedo Kutaisi', null],
    ]);

    const again = await syncFixtureList(deps, followed);
    expect(again).toMatchObject({ fixturesCreated: 0, fixturesUpdated: 0 });
    expect((await ourDerby()).version).toBe(derbyRow.version);
    expect(await db.select().from(fixtures)).toHaveLength(2);
    await settle();
    expect(published).toEqual([]);
  });

  it('maps a provider team to the club an administrator linked it to', async () => {
    const [club] = await db
      .insert(clubs)
      .values({ name: `Dinamo Tbilisi ${name}`, country: 'Georgia', league: 'Erovnuli Liga' })
      .onConflictDoUpdate({ target: clubs.name, set: { country: 'Georgia' } })
      .returning({ id: clubs.id });
    const [team] = await db
      .insert(teams)
      .values({ name: 'Dinamo Tbilisi', shortName: 'Dinamo', clubId: club!.id })
      .returning({ id: teams.id });
    await db.insert(teamProviderIds).values({ provider: name, providerId: '1001', teamId: team!.id });
    await syncFixtureList(deps, followed);
    expect((await ourDerby()).homeTeamId).toBe(team!.id);
    expect(await db.select().from(teams).where(eq(teams.name, 'FC Dinamo Tbilisi'))).toEqual([]);
  });

  it('follows a live match: the goal, the goal cancelled by VAR, full time and the table, each announced once', async () => {
    await syncFixtureList(deps, followed);
    clock = new Date(kickoff.getTime() + 23 * 60_000);
    step('kickoff', 'goal');
    const live = await syncLive(deps);
    expect(live.eventsAdded).toBe(1);
    let row = await ourDerby();
    expect([row.status, row.minute, row.scoreHome, row.scoreAway]).toEqual(['live', 23, 1, 0]);
    const [goal] = await eventsOf(row.id);
    expect(goal).toMatchObject({
      kind: 'goal',
      side: 'home',
      player: 'B. Kvaratskhelia',
      minute: 23,
      cancelledAt: null,
    });

    // The same answer again: nothing new written, nothing announced.
    await settle();
    const announcedBefore = published.length;
    clock = new Date(clock.getTime() + 61_000);
    const repeat = await syncLive(deps);
    expect(repeat).toMatchObject({ eventsAdded: 0, eventsWithdrawn: 0, fixturesUpdated: 0 });
    expect(await eventsOf(row.id)).toHaveLength(1);
    await settle();
    expect(published.length).toBe(announcedBefore);

    clock = new Date(kickoff.getTime() + 26 * 60_000);
    step('goalCancelledByVar');
    const afterVar = await syncLive(deps);
    expect(afterVar.eventsWithdrawn).toBe(1);
    row = await ourDerby();
    expect([row.scoreHome, row.scoreAway]).toEqual([0, 0]);
    const events = await eventsOf(row.id);
    const cancelled = events.find((e) => e.kind === 'goal')!;
    expect(cancelled.cancelledAt).not.toBeNull();
    if (name === 'api-football') {
      expect(events.find((e) => e.kind === 'var')).toMatchObject({
        detail: 'Goal cancelled',
        disallowsEventId: cancelled.id,
      });
    }
    await settle();
    const topic = `match:${row.id}`;
    const ours = published.filter((p) => p.topic === topic);
    expect(
      ours.find((p) => p.event.change === 'event_added' && p.event.event?.kind === 'goal')?.event.match.score,
    ).toEqual({ home: 1, away: 0 });
    const withdrawal = ours.find((p) => p.event.change === 'event_cancelled');
    expect(withdrawal?.event.event).toMatchObject({ kind: 'goal', cancelled: true });
    expect(ours.at(-1)?.event.match.score).toEqual({ home: 0, away: 0 });

    step('booking', 'halfTime', 'secondHalfGoal');
    clock = new Date(kickoff.getTime() + 70 * 60_000);
    await syncLive(deps);
    step('fullTime');
    clock = new Date(kickoff.getTime() + 110 * 60_000);
    await syncLive(deps);
    row = await ourDerby();
    expect([row.status, row.scoreHome, row.scoreAway, row.htHome, row.htAway]).toEqual(['finished', 0, 1, 0, 0]);
    expect(row.finishedAt).not.toBeNull();
    const table = await db
      .select()
      .from(standings)
      .where(eq(standings.seasonId, row.seasonId))
      .orderBy(standings.position);
    const torpedo = await db
      .select({ id: teamProviderIds.teamId })
      .from(teamProviderIds)
      .where(and(eq(teamProviderIds.provider, name), eq(teamProviderIds.providerId, '1002')));
    expect(table[0]).toMatchObject({ teamId: torpedo[0]!.id, points: 3, won: 1, goalsFor: 1 });
    // No longer live: the next poll sends nothing.
    const sent = fake.requests.length;
    clock = new Date(clock.getTime() + 60_000);
    expect((await syncLive(deps)).requests).toBe(0);
    expect(fake.requests.length).toBe(sent);
  });

  it('keeps a postponed and rescheduled fixture as one fixture', async () => {
    await syncFixtureList(deps, followed);
    const before = await ourDerby();
    derby().status = 'postponed';
    await syncFixtureList(deps, followed);
    expect((await ourDerby()).status).toBe('postponed');
    const newDate = new Date(kickoff.getTime() + 3 * 86_400_000);
    Object.assign(derby(), { status: 'scheduled', kickoff: newDate.toISOString() });
    await syncFixtureList(deps, followed);
    const after = await ourDerby();
    expect([after.id, after.status, after.kickoffAt.toISOString()]).toEqual([
      before.id,
      'scheduled',
      newDate.toISOString(),
    ]);
    expect(await db.select().from(fixtures)).toHaveLength(2);
  });

  it('leaves what an administrator entered alone until it is released', async () => {
    await syncFixtureList(deps, followed);
    const row = await ourDerby();
    // An administrator corrected the result by hand (the console marks the fixture hand-locked).
    await db
      .update(fixtures)
      .set({ status: 'finished', scoreHome: 2, scoreAway: 2, handLocked: true })
      .where(eq(fixtures.id, row.id));
    await db
      .insert(matchEvents)
      .values({ fixtureId: row.id, kind: 'goal', side: 'home', minute: 10, player: 'Hand entered' });

    clock = new Date(kickoff.getTime() + 23 * 60_000);
    step('kickoff', 'goal');
    const report = await syncFixtureList(deps, followed);
    expect(report.handLocked).toBe(1);
    // A provider outage later changes nothing either.
    fake.fail(name, { kind: 'status', status: 503 });
    await expect(syncFixtureList(deps, followed)).rejects.toMatchObject({ kind: 'outage' });
    let held = await ourDerby();
    expect([held.status, held.scoreHome, held.scoreAway, held.handLocked]).toEqual(['finished', 2, 2, true]);
    expect((await eventsOf(row.id)).map((e) => e.player)).toEqual(['Hand entered']);

    await db.update(fixtures).set({ handLocked: false }).where(eq(fixtures.id, row.id));
    clock = new Date(clock.getTime() + 60_000);
    await syncFixtureList(deps, followed);
    held = await ourDerby();
    expect([held.status, held.scoreHome, held.scoreAway]).toEqual(['live', 1, 0]);
  });

  it('links a fixture entered by hand before the provider knew it, without overwriting it', async () => {
    await syncFixtureList(deps, followed);
    const row = await ourDerby();
    // As if entered by hand: no provider, held.
    await db
      .update(fixtures)
      .set({ provider: null, providerId: null, handLocked: true, venue: 'Mikheil Meskhi Stadium' })
      .where(eq(fixtures.id, row.id));
    await syncFixtureList(deps, followed);
    const linked = await db.select().from(fixtures).where(eq(fixtures.id, row.id));
    expect(linked[0]).toMatchObject({
      provider: name,
      providerId: '5001',
      venue: 'Mikheil Meskhi Stadium',
      handLocked: true,
    });
    expect(await db.select().from(fixtures)).toHaveLength(2);
  });

  it('backs off on a 429 for its Retry-After, inside the budget, and sends nothing meanwhile', async () => {
    await syncFixtureList(deps, followed);
    clock = new Date(kickoff.getTime() + 60_000);
    step('kickoff');
    fake.fail(name, { kind: 'status', status: 429, retryAfter: '30' });
    await expect(syncLive(deps)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 30_000 });
    const sent = fake.requests.length;
    clock = new Date(clock.getTime() + 10_000);
    await expect(syncLive(deps)).rejects.toMatchObject({ kind: 'budget' });
    expect(fake.requests.length).toBe(sent);
    const [status] = await readProviderStatus(db, limits, clock);
    expect(status).toMatchObject({ provider: name });
    expect(status!.errors[0]).toMatchObject({ kind: 'rate_limited' });
    expect(status!.backoffUntil).not.toBeNull();

    clock = new Date(clock.getTime() + 21_000);
    await syncLive(deps);
    expect((await ourDerby()).status).toBe('live');

    // The minute's budget: once spent, no request leaves until the next minute.
    const tight: SyncDeps = {
      ...deps,
      provider: make(
        fake.url,
        budgetGate(db, { perMinute: 1, perDay: 1000 }, () => clock),
      ),
    };
    clock = new Date(Math.ceil(clock.getTime() / 60_000) * 60_000 + 1000);
    await syncFixtureList(tight, followed).catch(() => undefined);
    const spent = fake.requests.length;
    await expect(syncFixtureList(tight, followed)).rejects.toMatchObject({ kind: 'budget' });
    expect(fake.requests.length).toBe(spent);
    const [counted] = await readProviderStatus(db, limits, clock);
    expect(counted!.minuteUsed).toBeGreaterThanOrEqual(1);
  });

  it("waits when the provider's own headers say its limit is spent", async () => {
    if (name === 'football-data') fake.remaining.footballDataMinute = 1;
    else fake.remaining.apiFootballDay = 1;
    await syncFixtureList(deps, followed).catch(() => undefined);
    const sent = fake.requests.length;
    clock = new Date(clock.getTime() + 5_000);
    await expect(syncFixtureList(deps, followed)).rejects.toMatchObject({ kind: 'budget' });
    expect(fake.requests.length).toBe(sent);
    const [status] = await readProviderStatus(db, limits, clock);
    if (name === 'football-data') expect(status!.quotaMinuteRemaining).toBe(0);
    else expect(status!.quotaDayRemaining).toBe(0);
    // football-data's counter resets in X-RequestCounter-Reset seconds (42 in the fake); API-Football's day at 00:00 UTC.
    const reset = name === 'football-data' ? 43_000 : 86_400_000;
    clock = new Date(clock.getTime() + reset);
    fake.remaining.footballDataMinute = 1000;
    fake.remaining.apiFootballDay = 7500;
    await syncFixtureList(deps, followed);
    expect(fake.requests.length).toBeGreaterThan(sent);
  });

  it('refuses a malformed answer without writing anything, and records why', async () => {
    await syncFixtureList(deps, followed);
    const before = await db.select().from(fixtures).orderBy(fixtures.id);
    fake.fail(name, { kind: 'wrong-shape' });
    await expect(syncFixtureList(deps, followed)).rejects.toMatchObject({ kind: 'malformed' });
    fake.fail(name, { kind: 'not-json' });
    await expect(syncFixtureList(deps, followed)).rejects.toMatchObject({ kind: 'malformed' });
    expect(await db.select().from(fixtures).orderBy(fixtures.id)).toEqual(before);
    const [status] = await readProviderStatus(db, limits, clock);
    expect(status!.errors.map((e) => e.kind)).toEqual(['malformed', 'malformed']);
    // A malformed answer pauses nothing: the next good one is read.
    expect(status!.backoffUntil).toBeNull();
    await syncFixtureList(deps, followed);
  });
});
