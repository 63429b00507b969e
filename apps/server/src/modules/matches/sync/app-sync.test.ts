import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, providerStatus } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { FAKE_API_FOOTBALL_KEY, startFakeFootball, type FakeFootball } from '../../../../test/fake-football/server.js';
import { LEAGUE, leagueWorld } from '../../../../test/fake-football/world.js';

/** The whole app with jobs on and a provider key: the daily turn goes through pg-boss's football queue by itself. */

let fake: FakeFootball;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeFootball(leagueWorld(new Date(Date.now() + 3 * 86_400_000)));
  t = await createTestApp({
    jobs: true,
    jobPollingSeconds: 0.5,
    football: {
      apiFootball: { key: FAKE_API_FOOTBALL_KEY, baseUrl: `${fake.url}/api-football` },
      competitions: [{ provider: 'api-football', competition: String(LEAGUE.leagueId), season: LEAGUE.season }],
      budgetPerMinute: 10,
      budgetPerDay: 100,
      livePollSeconds: 2,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the football sync inside the app', () => {
  it('syncs the followed season once through the queue, counting its requests in the shared budget', async () => {
    const rows = await until(
      () => t.db.select().from(fixtures).where(eq(fixtures.provider, 'api-football')),
      (list) => list.length === 2,
    );
    expect(rows.map((r) => r.providerId).sort()).toEqual(['5001', '5002']);
    const [status] = await until(
      () => t.db.select().from(providerStatus),
      (list) => list[0]?.lastListsAt != null,
    );
    expect(status).toMatchObject({ provider: 'api-football', errors: [] });
    // The season's fixtures and its table: two requests, taken from the budget before they were sent.
    expect(status!.dayUsed).toBe(fake.requests.length);
    expect(fake.requests.map((r) => r.path.split('?')[0])).toEqual(['/fixtures', '/standings']);
    // Nothing is on: no live poll.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(fake.requests.filter((r) => r.path.includes('live=all'))).toEqual([]);
  });
});
