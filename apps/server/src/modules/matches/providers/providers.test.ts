import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_API_FOOTBALL_KEY,
  FAKE_FOOTBALL_DATA_TOKEN,
  startFakeFootball,
  type FakeFootball,
} from '../../../../test/fake-football/server.js';
import { LEAGUE, leagueWorld, progression } from '../../../../test/fake-football/world.js';
import { createApiFootballProvider } from './api-football.js';
import { createFootballDataProvider } from './football-data.js';
import { ProviderError, type FollowedCompetition, type FootballProvider, type RequestGate } from './provider.js';

const KICKOFF = new Date('2026-11-29T16:00:00.000Z');

type Case = {
  name: 'football-data' | 'api-football';
  make: (url: string, secret?: string, gate?: RequestGate) => FootballProvider;
  competition: FollowedCompetition;
};

const cases: Case[] = [
  {
    name: 'football-data',
    make: (url, secret = FAKE_FOOTBALL_DATA_TOKEN, gate) =>
      createFootballDataProvider(secret, { baseUrl: `${url}/football-data`, gate }),
    competition: { provider: 'football-data', competition: LEAGUE.code, season: LEAGUE.season },
  },
  {
    name: 'api-football',
    make: (url, secret = FAKE_API_FOOTBALL_KEY, gate) =>
      createApiFootballProvider(secret, { baseUrl: `${url}/api-football`, gate }),
    competition: { provider: 'api-football', competition: String(LEAGUE.leagueId), season: LEAGUE.season },
  },
];

describe.each(cases)('$name adapter against the fake provider', ({ name, make, competition }) => {
  let fake: FakeFootball;
  let provider: FootballProvider;
  beforeEach(async () => {
    fake = await startFakeFootball(leagueWorld(KICKOFF));
    provider = make(fake.url);
  });
  afterEach(async () => {
    await fake.close();
  });
  const derby = () => fake.world.matches.find((m) => m.id === 5001)!;
  const step = (...names: (keyof typeof progression)[]) => {
    for (const stepName of names) progression[stepName]!(derby());
  };

  it('lists a season of scheduled fixtures in the normalized shape, sending its auth header', async () => {
    const answer = await provider.fixtures(competition);
    expect(answer.cost).toBe(1);
    expect(answer.data).toHaveLength(2);
    const [first] = answer.data;
    expect(first).toMatchObject({
      providerId: '5001',
      season: 2026,
      status: 'scheduled',
      venue: 'Boris Paichadze Dinamo Arena',
      minute: null,
      home: { providerId: '1001', name: 'FC Dinamo Tbilisi', crest: 'https://crests.example/1001.png' },
      away: { providerId: '1002', name: 'FC Torpedo Kutaisi' },
      score: { fullTime: null, halfTime: null, extraTime: null, penalties: null },
    });
    expect(first!.kickoff.toISOString()).toBe(KICKOFF.toISOString());
    expect(first!.round).toMatch(/1$/);
    expect(fake.requests.every((r) => r.authorized && r.provider === name)).toBe(true);
  });

  it('follows a live match: the score and minute, each event once, a goal cancelled by VAR withdrawn', async () => {
    expect((await provider.liveFixtures()).data).toEqual([]);

    step('kickoff', 'goal');
    const live = await provider.liveFixtures();
    expect(live.data.map((f) => [f.providerId, f.status, f.minute, f.score.fullTime])).toEqual([
      ['5001', 'live', 23, { home: 1, away: 0 }],
    ]);
    const withGoal = await provider.fixtureDetails('5001');
    const goal = withGoal.data.events.find((e) => e.kind === 'goal');
    expect(goal).toMatchObject({
      minute: 23,
      side: 'home',
      player: 'B. Kvaratskhelia',
      secondPlayer: 'G. Kiteishvili',
    });

    // Asked again, the same goal has the same key: the sync writes it once.
    const again = await provider.fixtureDetails('5001');
    expect(again.data.events.map((e) => e.key)).toEqual(withGoal.data.events.map((e) => e.key));

    step('goalCancelledByVar', 'booking');
    const afterVar = await provider.fixtureDetails('5001');
    expect(afterVar.data.fixture.score.fullTime).toEqual({ home: 0, away: 0 });
    expect(afterVar.data.events.map((e) => e.key)).not.toContain(goal!.key);
    expect(afterVar.data.events.find((e) => e.kind === 'yellow')).toMatchObject({
      side: 'away',
      player: 'L. Shengelia',
    });
    if (name === 'api-football') {
      // API-Football states the decision itself; football-data only stops listing the goal.
      expect(afterVar.data.events.find((e) => e.kind === 'var')).toMatchObject({
        detail: 'Goal cancelled',
        minute: 25,
      });
    }

    step('halfTime');
    const atBreak = (await provider.liveFixtures()).data[0]!;
    expect([atBreak.status, atBreak.minute, atBreak.addedMinute, atBreak.score.halfTime]).toEqual([
      'half_time',
      45,
      2,
      { home: 0, away: 0 },
    ]);

    step('secondHalfGoal', 'fullTime');
    expect((await provider.liveFixtures()).data).toEqual([]);
    const final = await provider.fixtureDetails('5001', { lineups: true });
    expect(final.data.fixture).toMatchObject({ status: 'finished', score: { fullTime: { home: 0, away: 1 } } });
    expect(final.data.events.map((e) => e.kind).filter((k) => k !== 'var')).toEqual(['yellow', 'goal']);
    expect(final.data.lineups?.map((l) => [l.side, l.starting.length, l.bench.length])).toEqual([
      ['home', 11, 1],
      ['away', 11, 1],
    ]);
    // football-data gives a match with everything in one request; API-Football asks three.
    expect(final.cost).toBe(name === 'football-data' ? 1 : 3);

    const table = await provider.standings(competition);
    expect(table.data.find((r) => r.team.providerId === '1002')).toMatchObject({
      position: 1,
      played: 1,
      won: 1,
      points: 3,
      goalsFor: 1,
      goalsAgainst: 0,
    });
  });

  it('keeps a postponed and rescheduled fixture under the same provider id', async () => {
    derby().status = 'postponed';
    const postponed = (await provider.fixtures(competition)).data.find((f) => f.providerId === '5001')!;
    expect(postponed.status).toBe('postponed');

    const newDate = new Date(KICKOFF.getTime() + 3 * 86_400_000);
    Object.assign(derby(), { status: 'scheduled', kickoff: newDate.toISOString() });
    const rescheduled = (await provider.fixtures(competition)).data.find((f) => f.providerId === '5001')!;
    expect(rescheduled.status).toBe('scheduled');
    expect(rescheduled.kickoff.toISOString()).toBe(newDate.toISOString());
  });

  it('reports a 429 with its Retry-After, a 5xx as an outage, and the provider limits it was told', async () => {
    fake.fail(name, { kind: 'status', status: 429, retryAfter: '7' });
    const limited = await provider.liveFixtures().catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ProviderError);
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000, cost: 1 });

    fake.fail(name, { kind: 'status', status: 503 });
    await expect(provider.liveFixtures()).rejects.toMatchObject({ kind: 'outage', status: 503 });

    const ok = await provider.liveFixtures();
    if (name === 'football-data') expect(ok.quota.minuteRemaining).toBe(fake.remaining.footballDataMinute);
    else
      expect(ok.quota).toEqual({
        minuteRemaining: fake.remaining.apiFootballMinute,
        dayRemaining: fake.remaining.apiFootballDay,
      });
  });

  it('refuses an answer that is not JSON or not of the documented shape', async () => {
    fake.fail(name, { kind: 'not-json' });
    await expect(provider.fixtures(competition)).rejects.toMatchObject({ kind: 'malformed', cost: 1 });
    fake.fail(name, { kind: 'wrong-shape' });
    await expect(provider.fixtures(competition)).rejects.toMatchObject({ kind: 'malformed' });
    // The next good answer is read as usual.
    expect((await provider.fixtures(competition)).data).toHaveLength(2);
  });

  it('is refused with a wrong key, as the real provider refuses it', async () => {
    const wrong = make(fake.url, 'not-the-key');
    await expect(wrong.liveFixtures()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(fake.requests.at(-1)?.authorized).toBe(false);
  });

  it('asks the gate before every request and sends nothing when it says no', async () => {
    const asked: string[] = [];
    let open = true;
    const gated = make(fake.url, undefined, (p) => {
      asked.push(p);
      if (!open) return Promise.reject(new ProviderError({ provider: p, kind: 'budget', message: 'spent' }));
      return Promise.resolve();
    });
    step('kickoff');
    const details = await gated.fixtureDetails('5001', { lineups: true });
    expect(asked).toHaveLength(details.cost);
    const sent = fake.requests.length;
    open = false;
    await expect(gated.liveFixtures()).rejects.toMatchObject({ kind: 'budget', cost: 0 });
    expect(fake.requests).toHaveLength(sent);
  });
});

describe('API-Football refusals inside a 200 answer', () => {
  it('tells the minute limit, the day limit and a bad request apart', async () => {
    const fake = await startFakeFootball(leagueWorld(KICKOFF));
    try {
      const provider = createApiFootballProvider(FAKE_API_FOOTBALL_KEY, { baseUrl: `${fake.url}/api-football` });
      fake.fail('api-football', {
        kind: 'errors-in-200',
        errors: { rateLimit: 'Too many requests. Your rate limit is 10 requests per minute.' },
      });
      await expect(provider.liveFixtures()).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 60_000 });
      fake.fail('api-football', {
        kind: 'errors-in-200',
        errors: { requests: 'You have reached the request limit for the day.' },
      });
      await expect(provider.liveFixtures()).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 3_600_000 });
      fake.fail('api-football', {
        kind: 'errors-in-200',
        errors: { season: 'The Season field must contain 4 characters.' },
      });
      await expect(provider.liveFixtures()).rejects.toMatchObject({ kind: 'refused' });
    } finally {
      await fake.close();
    }
  });
});
