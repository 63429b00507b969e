import type { ProviderStatusResponse, ProviderTeamListResponse, Team } from '@burti/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, profiles } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { FAKE_API_FOOTBALL_KEY, startFakeFootball, type FakeFootball } from '../../../../test/fake-football/server.js';
import { LEAGUE, leagueWorld } from '../../../../test/fake-football/world.js';
import { createApiFootballProvider } from '../providers/api-football.js';
import { budgetGate, ensureProviderRows } from './budget.js';
import { syncFixtureList } from './sync.service.js';

type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

async function adminAndFan(t: TestApp): Promise<[Fan, Fan]> {
  const [admin, fan] = (await t.createFans(2)) as [Fan, Fan];
  await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.userId));
  return [admin, fan];
}

describe('provider status without a provider key', () => {
  let t: TestApp;
  let admin: Fan;
  let fan: Fan;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, fan] = await adminAndFan(t);
  });
  afterAll(async () => t?.close());

  it('tells administrators every fixture is entered by hand', async () => {
    const response = await admin.get('/api/admin/football/status');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ providers: [], handEntryOnly: true });
  });

  it('is for administrators only', async () => {
    expect((await fan.get('/api/admin/football/status')).statusCode).toBe(403);
    expect((await fan.get('/api/admin/football/teams')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/football/status' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/football/teams' })).statusCode).toBe(401);
  });
});

describe('provider status and teams after a sync', () => {
  let fake: FakeFootball;
  let t: TestApp;
  let admin: Fan;
  const kickoff = new Date(Date.now() + 3 * 86_400_000);
  const followed = { provider: 'api-football' as const, competition: String(LEAGUE.leagueId), season: LEAGUE.season };
  const limits = { perMinute: 10, perDay: 100 };

  const sync = async (url: string) => {
    const now = () => new Date();
    const provider = createApiFootballProvider(FAKE_API_FOOTBALL_KEY, {
      baseUrl: `${url}/api-football`,
      gate: budgetGate(t.db, limits, now),
    });
    return syncFixtureList({ db: t.db, provider, competitions: [followed], now }, followed);
  };
  const status = async () => {
    const response = await admin.get('/api/admin/football/status');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProviderStatusResponse>();
  };

  beforeAll(async () => {
    fake = await startFakeFootball(leagueWorld(kickoff));
    t = await createTestApp({
      football: {
        apiFootball: { key: FAKE_API_FOOTBALL_KEY, baseUrl: `${fake.url}/api-football` },
        competitions: [followed],
        budgetPerMinute: limits.perMinute,
        budgetPerDay: limits.perDay,
        livePollSeconds: 2,
      },
    });
    [admin] = await adminAndFan(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('shows a configured provider before its first sync with nothing used', async () => {
    const body = await status();
    expect(body.handEntryOnly).toBe(false);
    expect(body.providers).toEqual([
      {
        provider: 'api-football',
        enabled: true,
        lastFixtureSyncAt: null,
        lastLiveSyncAt: null,
        requestsThisMinute: 0,
        requestsToday: 0,
        budgetPerMinute: 10,
        budgetPerDay: 100,
        backoffUntil: null,
        errors: [],
        competitions: [{ competition: String(LEAGUE.leagueId), season: LEAGUE.season }],
      },
    ]);
  });

  it('shows the last fixture sync and the requests it took from the budget', async () => {
    await ensureProviderRows(t.db, ['api-football']);
    const before = Date.now();
    await sync(fake.url);
    const [provider] = (await status()).providers;
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(provider!.requestsToday).toBe(fake.requests.length);
    expect(provider!.requestsThisMinute).toBeLessThanOrEqual(fake.requests.length);
    expect(Date.parse(provider!.lastFixtureSyncAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(provider!.errors).toEqual([]);
  });

  it('shows a failed request among the last errors, with its back-off', async () => {
    // Nothing listens at this address: the request fails as an outage.
    await sync('http://127.0.0.1:9').catch(() => undefined);
    const [provider] = (await status()).providers;
    expect(provider!.errors.length).toBe(1);
    expect(provider!.errors[0]!.message).not.toBe('');
    expect(Date.parse(provider!.backoffUntil!)).toBeGreaterThan(Date.now());
  });

  it('lists the synced teams unmapped first, and a mapping through updateTeam is audited', async () => {
    const all = (await admin.get('/api/admin/football/teams')).json<ProviderTeamListResponse>().teams;
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const team of all) expect(team.providerIds.map((p) => p.provider)).toContain('api-football');
    const firstMapped = all.findIndex((team) => team.club !== null);
    if (firstMapped >= 0) expect(all.slice(firstMapped).every((team) => team.club !== null)).toBe(true);

    const unmapped = (await admin.get('/api/admin/football/teams?unmapped=true')).json<ProviderTeamListResponse>();
    expect(unmapped.teams.every((team) => team.club === null)).toBe(true);
    const target = unmapped.teams[0]!;
    const club = (await admin.get('/api/clubs?q=Dinamo')).json<{ clubs: { id: number; name: string }[] }>().clubs[0]!;
    const mapped = await admin.patch(`/api/admin/teams/${target.id}`, { clubId: club.id });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json<{ team: Team }>().team.clubId).toBe(club.id);

    const after = (await admin.get('/api/admin/football/teams')).json<ProviderTeamListResponse>().teams;
    expect(after.find((team) => team.id === target.id)!.club).toMatchObject({ id: club.id, name: club.name });
    const stillUnmapped = (await admin.get('/api/admin/football/teams?unmapped=true')).json<ProviderTeamListResponse>();
    expect(stillUnmapped.teams.map((team) => team.id)).not.toContain(target.id);

    const entries = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(target.id)));
    expect(entries.map((entry) => entry.action)).toContain('team_updated');
  });

  it('refuses an unknown filter', async () => {
    expect((await admin.get('/api/admin/football/teams?unmapped=maybe')).statusCode).toBe(400);
  });
});
