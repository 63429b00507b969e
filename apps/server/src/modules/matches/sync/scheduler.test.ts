import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { createJobs } from '../../../lib/jobs.js';
import type { FootballConfig } from '../../../lib/football-config.js';
import { createTestDatabase } from '../../../../test/harness.js';
import {
  FAKE_FOOTBALL_DATA_TOKEN,
  startFakeFootball,
  type FakeFootball,
} from '../../../../test/fake-football/server.js';
import { LEAGUE, leagueWorld, progression } from '../../../../test/fake-football/world.js';
import { readProviderStatus } from './budget.js';
import { startFootballSync, type FootballSync } from './scheduler.js';

/** When the providers are asked: the lists once a day, live polls only while a match is on, inside the budget. */

const kickoff = new Date('2026-11-29T16:00:00.000Z');
let database: Database;
let fake: FakeFootball;
let sync: FootballSync;
let clock = new Date(kickoff.getTime() - 2 * 86_400_000);
const silent = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;

beforeAll(async () => {
  ({ database } = await createTestDatabase());
  fake = await startFakeFootball(leagueWorld(kickoff));
  const football: FootballConfig = {
    footballData: { token: FAKE_FOOTBALL_DATA_TOKEN, baseUrl: `${fake.url}/football-data` },
    // One provider: two following the same league would hand its fixtures from one to the other (a switch).
    competitions: [{ provider: 'football-data', competition: LEAGUE.code, season: LEAGUE.season }],
    budgetPerMinute: 20,
    budgetPerDay: 1000,
    livePollSeconds: 15,
  };
  // Jobs off: a due turn runs at once in the ticking process (with jobs on it goes through the queue).
  const jobs = await createJobs(database, silent, { enabled: false });
  sync = await startFootballSync({ db: database.db, jobs, football, log: silent, now: () => clock, tickMs: 0 });
});
afterAll(async () => {
  await sync.stop();
  await fake.close();
  await database.close();
});

const sent = (path: RegExp) => fake.requests.filter((r) => path.test(r.path)).length;

describe('football sync turns', () => {
  it('asks for the lists once a day and polls live only around a match, every FOOTBALL_LIVE_POLL_S', async () => {
    await sync.tick();
    expect(sent(/matches\?season/)).toBe(1);
    expect(sent(/status=LIVE/)).toBe(0);

    clock = new Date(clock.getTime() + 3_600_000);
    await sync.tick();
    expect(sent(/matches\?season/)).toBe(1);

    // Five minutes before kick-off: polled, so the kick-off is seen at once.
    clock = new Date(kickoff.getTime() - 5 * 60_000);
    await sync.tick();
    expect(sent(/status=LIVE/)).toBe(1);
    clock = new Date(clock.getTime() + 5_000);
    await sync.tick();
    expect(sent(/status=LIVE/)).toBe(1);
    clock = new Date(clock.getTime() + 10_000);
    progression.kickoff!(fake.world.matches[0]!);
    await sync.tick();
    expect(sent(/status=LIVE/)).toBe(2);

    progression.fullTime!(fake.world.matches[0]!);
    clock = new Date(clock.getTime() + 15_000);
    await sync.tick();
    // Full time read from the details of a match that left the live list; then nothing is on.
    const afterFullTime = fake.requests.length;
    clock = new Date(clock.getTime() + 15_000);
    await sync.tick();
    expect(fake.requests.length).toBe(afterFullTime);

    const status = await readProviderStatus(database.db, { perMinute: 20, perDay: 1000 }, clock);
    expect(status.map((s) => s.provider)).toEqual(['football-data']);
    for (const s of status) {
      expect(s.lastListsAt).not.toBeNull();
      expect(s.lastLiveAt).not.toBeNull();
      expect(s.dayUsed).toBeGreaterThan(0);
      expect(s.errors).toEqual([]);
    }
  });

  it('tries a failed daily sync again within minutes', async () => {
    clock = new Date(clock.getTime() + 86_400_000);
    fake.fail('football-data', { kind: 'status', status: 503 });
    await sync.tick();
    const [footballData] = await readProviderStatus(database.db, { perMinute: 20, perDay: 1000 }, clock);
    expect(footballData!.errors[0]).toMatchObject({ kind: 'outage' });
    const lists = sent(/matches\?season/);
    clock = new Date(clock.getTime() + 11 * 60_000);
    await sync.tick();
    expect(sent(/matches\?season/)).toBe(lists + 1);
  });
});
