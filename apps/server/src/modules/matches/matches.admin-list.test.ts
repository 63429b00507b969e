import type { MatchDetail, MatchPage, Team } from '@burti/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

const HOUR = 3_600_000;
let t: TestApp;
let admin: Fan;
let fan: Fan;
let teams: Team[];
let league: { id: number; seasonId: number };

beforeAll(async () => {
  t = await createTestApp();
  [admin, fan] = (await t.createFans(2)) as [Fan, Fan];
  await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.userId));
  teams = (await admin.get('/api/admin/teams')).json<{ teams: Team[] }>().teams.filter((x) => x.clubId !== null);
  const competitions = (await fan.get('/api/competitions')).json<{
    competitions: { id: number; seasons: { id: number; label: string }[] }[];
  }>().competitions;
  league = { id: competitions[0]!.id, seasonId: competitions[0]!.seasons[0]!.id };
});
afterAll(async () => t?.close());

async function fixture(home: number, away: number, kickoffAt: number): Promise<MatchDetail> {
  const response = await admin.post('/api/admin/matches', {
    competitionId: league.id,
    seasonId: league.seasonId,
    homeTeamId: teams[home]!.id,
    awayTeamId: teams[away]!.id,
    kickoffAt: new Date(kickoffAt).toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ match: MatchDetail }>().match;
}

async function list(kind: 'upcoming' | 'results', cursor?: string): Promise<MatchPage> {
  const query = new URLSearchParams({ kind, ...(cursor ? { cursor } : {}) });
  const response = await admin.get(`/api/admin/matches?${query.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MatchPage>();
}

describe('the administrators’ list of fixtures', () => {
  it('gives every fixture to come soonest first and every one played or called off latest first, by cursor', async () => {
    const now = Date.now();
    const later = await fixture(0, 1, now + 48 * HOUR);
    const soon = await fixture(2, 3, now + 2 * HOUR);
    const played = await fixture(4, 5, now - 72 * HOUR);
    const calledOff = await fixture(6, 7, now - 24 * HOUR);
    expect(
      (await admin.put(`/api/admin/matches/${played.id}/result`, { score: { home: 2, away: 1 } })).statusCode,
    ).toBe(200);
    expect((await admin.patch(`/api/admin/matches/${calledOff.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    // Twenty-one more to come: the first page holds twenty, the cursor the rest.
    for (let i = 0; i < 21; i++) await fixture(i % 10, (i + 1) % 10, now + (100 + i) * HOUR);

    const first = await list('upcoming');
    expect(first.matches.slice(0, 2).map((m) => m.id)).toEqual([soon.id, later.id]);
    expect(first.matches).toHaveLength(20);
    const second = await list('upcoming', first.nextCursor!);
    expect(second.matches).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const kickoffs = [...first.matches, ...second.matches].map((m) => Date.parse(m.kickoffAt));
    expect(kickoffs).toEqual(kickoffs.toSorted((a, b) => a - b));

    const results = await list('results');
    expect(results.matches.map((m) => [m.id, m.status, m.score])).toEqual([
      [calledOff.id, 'cancelled', null],
      [played.id, 'finished', { home: 2, away: 1 }],
    ]);
  });

  it('is for administrators only', async () => {
    expect((await fan.get('/api/admin/matches')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/matches' })).statusCode).toBe(401);
    expect((await admin.get('/api/admin/matches?kind=everything')).statusCode).toBe(400);
  });
});
