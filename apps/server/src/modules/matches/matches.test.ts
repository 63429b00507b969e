import type { AddressInfo } from 'node:net';
import type { MatchDetail, MatchLiveEvent, MatchSummary, Post, StandingsResponse, Team } from '@burti/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, clubs, fixtures, matchSpoilerHolds, profiles } from '../../db/schema/index.js';
import { APP_URL, createTestApp, type TestApp } from '../../../test/harness.js';

type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

const HOUR = 3_600_000;
let t: TestApp;
let admin: Fan;
let dinamoFan: Fan;
let batumiFan: Fan;
let torpedoFan: Fan;
let teams: Map<string, Team>;
let league: { id: number; seasonId: number };

async function makeAdmin(userId: string) {
  await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, userId));
}
async function clubId(name: string): Promise<number> {
  const [row] = await t.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.name, name));
  return row!.id;
}
const team = (name: string) => teams.get(name)!;

async function createMatch(
  home: string,
  away: string,
  kickoffAt: Date,
  where: { id: number; seasonId: number } = league,
): Promise<MatchDetail> {
  const response = await admin.post('/api/admin/matches', {
    competitionId: where.id,
    seasonId: where.seasonId,
    round: 'Round 1',
    homeTeamId: team(home).id,
    awayTeamId: team(away).id,
    kickoffAt: kickoffAt.toISOString(),
    venue: 'Boris Paichadze Dinamo Arena',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ match: MatchDetail }>().match;
}

/** A console press: answers the match as it now stands. */
async function press(
  matchId: string,
  path: 'phase' | 'events' | 'undo' | 'minute',
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: path === 'minute' ? 'PUT' : 'POST',
    url: `/api/admin/matches/${matchId}/${path}`,
    payload: body as object,
    headers: { ...admin.headers, ...headers },
  });
  return response;
}
async function pressOk(matchId: string, path: 'phase' | 'events' | 'undo' | 'minute', body: unknown = {}) {
  const response = await press(matchId, path, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ match: MatchDetail }>().match;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin] = (await t.createFans(1)) as [Fan];
  await makeAdmin(admin.userId);
  [dinamoFan] = (await t.createFans(1, 'Dinamo Tbilisi')) as [Fan];
  [batumiFan] = (await t.createFans(1, 'Dinamo Batumi')) as [Fan];
  [torpedoFan] = (await t.createFans(1, 'Torpedo Kutaisi')) as [Fan];
  const listed = await admin.get('/api/admin/teams');
  expect(listed.statusCode).toBe(200);
  teams = new Map(listed.json<{ teams: Team[] }>().teams.map((x) => [x.name, x]));
  const competitions = await dinamoFan.get('/api/competitions');
  const erovnuli = competitions
    .json<{ competitions: { id: number; name: string; seasons: { id: number; label: string }[] }[] }>()
    .competitions.find((c) => c.name === 'Erovnuli Liga')!;
  league = { id: erovnuli.id, seasonId: erovnuli.seasons.find((s) => s.label === '2026')!.id };
});
afterAll(async () => t?.close());

describe('the seed', () => {
  it('has Erovnuli Liga 2026, entered by hand, with a team mapped to each Georgian top-flight club', async () => {
    const response = await dinamoFan.get('/api/competitions');
    const erovnuli = response.json<{ competitions: { name: string; nameKa: string; provider: null }[] }>()
      .competitions[0];
    expect(erovnuli).toMatchObject({ name: 'Erovnuli Liga', nameKa: 'ეროვნული ლიგა', provider: null });
    expect(team('Dinamo Tbilisi')).toMatchObject({
      nameKa: 'დინამო თბილისი',
      shortName: 'DTB',
      clubId: await clubId('Dinamo Tbilisi'),
      badge: { background: '#0B4EA2' },
    });
    expect([...teams.values()].filter((x) => x.clubId !== null)).toHaveLength(10);
    // No fixtures are seeded: administrators enter them.
    expect(await t.db.select().from(fixtures)).toHaveLength(0);
  });
});

describe('administrators', () => {
  it('answers 401 to anonymous callers and 403 to fans', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/teams' });
    expect(anonymous.statusCode).toBe(401);
    const asFan = await dinamoFan.post('/api/admin/competitions', { name: 'Fan Cup', country: 'Georgia' });
    expect(asFan.statusCode).toBe(403);
    const consoleAsFan = await dinamoFan.post(`/api/admin/matches/${crypto.randomUUID()}/phase`, { phase: 'start' });
    expect(consoleAsFan.statusCode).toBe(403);
    const anonymousConsole = await t.app.inject({
      method: 'POST',
      url: `/api/admin/matches/${crypto.randomUUID()}/events`,
      payload: { kind: 'goal', side: 'home' },
      headers: { origin: APP_URL },
    });
    expect(anonymousConsole.statusCode).toBe(401);
  });

  it('create and edit competitions, seasons, teams and fixtures, each in the audit log', async () => {
    const created = await admin.post('/api/admin/competitions', {
      name: 'Georgian Cup',
      nameKa: 'საქართველოს თასი',
      country: 'Georgia',
      kind: 'cup',
    });
    expect(created.statusCode).toBe(201);
    const cup = created.json<{ competition: { id: number; kind: string } }>().competition;
    expect(cup.kind).toBe('cup');
    const edited = await admin.patch(`/api/admin/competitions/${cup.id}`, { name: 'David Kipiani Cup' });
    expect(edited.json()).toMatchObject({ competition: { name: 'David Kipiani Cup', nameKa: 'საქართველოს თასი' } });
    const season = await admin.post(`/api/admin/competitions/${cup.id}/seasons`, {
      label: '2026',
      startsOn: '2026-03-01',
    });
    expect(season.statusCode).toBe(201);
    const seasonId = season.json<{ competition: { seasons: { id: number; label: string }[] } }>().competition
      .seasons[0]!.id;
    const again = await admin.post(`/api/admin/competitions/${cup.id}/seasons`, { label: '2026' });
    expect(again.statusCode).toBe(409);
    expect((await admin.patch('/api/admin/competitions/999999', { name: 'x' })).json().error.code).toBe(
      'COMPETITION_NOT_FOUND',
    );

    const newTeam = await admin.post('/api/admin/teams', { name: 'Rustavi FC', shortName: 'RUS' });
    expect(newTeam.statusCode).toBe(201);
    const rustavi = newTeam.json<{ team: Team }>().team;
    expect(rustavi.clubId).toBeNull();
    const mapped = await admin.patch(`/api/admin/teams/${rustavi.id}`, { clubId: await clubId('Rustavi') });
    expect(mapped.json<{ team: Team }>().team.clubId).toBe(await clubId('Rustavi'));
    expect((await admin.patch(`/api/admin/teams/${rustavi.id}`, { clubId: 999999 })).json().error.code).toBe(
      'CLUB_NOT_FOUND',
    );
    teams.set(rustavi.name, rustavi);

    const match = await createMatch('Rustavi FC', 'Telavi', new Date(Date.now() + 5 * 24 * HOUR), {
      id: cup.id,
      seasonId,
    });
    expect(match).toMatchObject({
      status: 'scheduled',
      score: null,
      competition: { id: cup.id, kind: 'cup' },
      home: { shortName: 'RUS' },
      away: { shortName: 'TEL', clubId: await clubId('Telavi') },
      handLocked: true,
      thread: { phase: 'not_open' },
    });
    const postponed = await admin.patch(`/api/admin/matches/${match.id}`, { status: 'postponed', venue: 'Rustavi' });
    expect(postponed.json()).toMatchObject({ match: { status: 'postponed', venue: 'Rustavi' } });
    const sameTeams = await admin.patch(`/api/admin/matches/${match.id}`, { awayTeamId: team('Rustavi FC').id });
    expect(sameTeams.statusCode).toBe(400);
    const wrongSeason = await admin.post('/api/admin/matches', {
      competitionId: cup.id,
      seasonId: league.seasonId,
      homeTeamId: team('Telavi').id,
      awayTeamId: team('Gagra').id,
      kickoffAt: new Date().toISOString(),
    });
    expect(wrongSeason.json().error.code).toBe('SEASON_NOT_FOUND');

    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, admin.userId));
    const actions = audit.map((row) => row.action);
    for (const action of [
      'competition_created',
      'competition_updated',
      'season_created',
      'team_created',
      'team_updated',
      'match_created',
      'match_updated',
    ]) {
      expect(actions).toContain(action);
    }
  });
});

describe('the live console', () => {
  it('runs a match: kick-off, goals for the right side, cards, half-time, minute, VAR, undo, full time', async () => {
    const created = await createMatch('Dila Gori', 'Samgurali Tskaltubo', new Date(Date.now() + HOUR));
    const versions = [created.version];
    const seen = (match: MatchDetail) => {
      versions.push(match.version);
      return match;
    };

    const kickedOff = seen(await pressOk(created.id, 'phase', { phase: 'start' }));
    expect(kickedOff).toMatchObject({ status: 'live', minute: 1, score: { home: 0, away: 0 } });
    expect((await press(created.id, 'phase', { phase: 'start' })).json().error.code).toBe('MATCH_STATE');

    const goal = seen(
      await pressOk(created.id, 'events', {
        kind: 'goal',
        side: 'home',
        minute: 12,
        player: 'Gabunia',
        secondPlayer: 'Kobakhidze',
      }),
    );
    expect(goal.score).toEqual({ home: 1, away: 0 });
    const firstGoalId = goal.events[0]!.id;
    // An own goal by an away player counts for the home side.
    const ownGoal = seen(
      await pressOk(created.id, 'events', { kind: 'own_goal', side: 'away', minute: 30, player: 'Beridze' }),
    );
    expect(ownGoal.score).toEqual({ home: 2, away: 0 });
    seen(await pressOk(created.id, 'events', { kind: 'yellow', side: 'away', minute: 33, player: 'Beridze' }));

    const halfTime = seen(await pressOk(created.id, 'phase', { phase: 'half_time' }));
    expect(halfTime).toMatchObject({ status: 'half_time', halfTimeScore: { home: 2, away: 0 } });
    expect(halfTime.thread.phase).toBe('live');
    const secondHalf = seen(await pressOk(created.id, 'phase', { phase: 'second_half' }));
    expect(secondHalf).toMatchObject({ status: 'live', minute: 46 });
    const minute = seen(await pressOk(created.id, 'minute', { minute: 90, addedMinute: 3 }));
    expect(minute).toMatchObject({ minute: 90, addedMinute: 3 });
    // Left without a minute, an event takes the match's.
    const penalty = seen(
      await pressOk(created.id, 'events', { kind: 'penalty_goal', side: 'away', player: 'Kiteishvili' }),
    );
    expect(penalty.score).toEqual({ home: 2, away: 1 });
    expect(penalty.events.at(-1)).toMatchObject({ kind: 'penalty_goal', minute: 90, addedMinute: 3 });

    // VAR disallows the first goal: it stays in the timeline, cancelled, and leaves the score.
    const disallowed = seen(
      await pressOk(created.id, 'events', {
        kind: 'var',
        side: 'home',
        detail: 'Offside',
        disallowsEventId: firstGoalId,
      }),
    );
    expect(disallowed.score).toEqual({ home: 1, away: 1 });
    expect(disallowed.events.find((e) => e.id === firstGoalId)).toMatchObject({ kind: 'goal', cancelled: true });
    expect(disallowed.events.at(-1)).toMatchObject({ kind: 'var', disallowsEventId: firstGoalId });
    const twice = await press(created.id, 'events', { kind: 'var', side: 'home', disallowsEventId: firstGoalId });
    expect(twice.json().error.code).toBe('MATCH_EVENT_NOT_FOUND');

    // Undo takes the VAR decision back (the goal counts again), then the penalty.
    const undoneVar = seen(await pressOk(created.id, 'undo'));
    expect(undoneVar.score).toEqual({ home: 2, away: 1 });
    expect(undoneVar.events.find((e) => e.id === firstGoalId)!.cancelled).toBe(false);
    const undonePenalty = seen(await pressOk(created.id, 'undo'));
    expect(undonePenalty.score).toEqual({ home: 2, away: 0 });
    expect(undonePenalty.events.map((e) => e.kind)).toEqual(['goal', 'own_goal', 'yellow']);

    const fullTime = seen(await pressOk(created.id, 'phase', { phase: 'full_time' }));
    expect(fullTime).toMatchObject({ status: 'finished', minute: null, score: { home: 2, away: 0 } });
    expect(fullTime.thread.phase).toBe('post_match');
    expect(fullTime.thread.closesAt).not.toBeNull();

    // Every change moved the version on.
    for (let i = 1; i < versions.length; i++) expect(versions[i]).toBeGreaterThan(versions[i - 1]!);

    // The fan's view is the same match.
    const read = await dinamoFan.get(`/api/matches/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ match: MatchDetail }>().match).toMatchObject({
      score: { home: 2, away: 0 },
      kickoffAt: created.kickoffAt,
      events: [
        { kind: 'goal', side: 'home', minute: 12, player: 'Gabunia', secondPlayer: 'Kobakhidze', cancelled: false },
        { kind: 'own_goal', side: 'away' },
        { kind: 'yellow', side: 'away' },
      ],
    });
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'match'), eq(adminAuditLog.targetId, created.id)));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['match_phase_set', 'match_event_added', 'match_event_undone', 'match_minute_set']),
    );
  });

  it('counts a goal sent twice with one Idempotency-Key once', async () => {
    const match = await createMatch('Kolkheti Poti', 'Gagra', new Date(Date.now() + HOUR));
    await pressOk(match.id, 'phase', { phase: 'start' });
    const key = { 'idempotency-key': `goal-${crypto.randomUUID()}` };
    const goal = { kind: 'goal', side: 'away', player: 'Mamageishvili' };
    const first = await press(match.id, 'events', goal, key);
    const second = await press(match.id, 'events', goal, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const read = (await dinamoFan.get(`/api/matches/${match.id}`)).json<{ match: MatchDetail }>().match;
    expect(read.score).toEqual({ home: 0, away: 1 });
    expect(read.events).toHaveLength(1);
    // A second press (another key) is a second goal.
    const another = await press(match.id, 'events', goal, { 'idempotency-key': `goal-${crypto.randomUUID()}` });
    expect(another.json<{ match: MatchDetail }>().match.score).toEqual({ home: 0, away: 2 });
  });

  it('locks a fixture against providers while an administrator edits it, until released', async () => {
    const match = await createMatch('Telavi', 'Gareji Sagarejo', new Date(Date.now() + 3 * HOUR));
    expect(match.handLocked).toBe(true);
    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/matches/${match.id}/hand-lock`,
      headers: admin.headers,
    });
    expect(released.json<{ match: MatchDetail }>().match).toMatchObject({ handLocked: false });
    const [row] = await t.db.select().from(fixtures).where(eq(fixtures.id, match.id));
    expect(row!.handLocked).toBe(false);
    const edited = await admin.patch(`/api/admin/matches/${match.id}`, { venue: 'Telavi Stadium' });
    expect(edited.json<{ match: MatchDetail }>().match.handLocked).toBe(true);
    const lineups = await admin.put(`/api/admin/matches/${match.id}/lineups`, {
      home: [{ name: 'Gogiashvili', number: 1, position: 'GK', starter: true }],
      away: [
        { name: 'Loria', number: 30, starter: true },
        { name: 'Kvaratskhelia', number: 77, starter: false },
      ],
    });
    expect(lineups.json<{ match: MatchDetail }>().match.lineups).toEqual({
      home: [{ name: 'Gogiashvili', number: 1, position: 'GK', starter: true }],
      away: [
        { name: 'Loria', number: 30, position: null, starter: true },
        { name: 'Kvaratskhelia', number: 77, position: null, starter: false },
      ],
    });
  });
});

describe('standings', () => {
  it('are recomputed from finished results, and a corrected result corrects the table', async () => {
    const created = await admin.post('/api/admin/competitions', { name: 'Winter Cup', country: 'Georgia' });
    const competitionId = created.json<{ competition: { id: number } }>().competition.id;
    const season = await admin.post(`/api/admin/competitions/${competitionId}/seasons`, { label: '2027' });
    const seasonId = season.json<{ competition: { seasons: { id: number }[] } }>().competition.seasons[0]!.id;
    const where = { id: competitionId, seasonId };
    const first = await createMatch('Iberia 1999', 'Torpedo Kutaisi', new Date(Date.now() - 48 * HOUR), where);
    const second = await createMatch('Dila Gori', 'Iberia 1999', new Date(Date.now() - 24 * HOUR), where);
    await createMatch('Torpedo Kutaisi', 'Dila Gori', new Date(Date.now() + 24 * HOUR), where);
    const result = async (matchId: string, home: number, away: number) => {
      const response = await admin.put(`/api/admin/matches/${matchId}/result`, {
        score: { home, away },
        halfTimeScore: { home: 0, away: 0 },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ match: MatchDetail }>().match;
    };
    expect(await result(first.id, 2, 0)).toMatchObject({ status: 'finished', halfTimeScore: { home: 0, away: 0 } });
    await result(second.id, 1, 1);
    const table = async () => {
      const response = await dinamoFan.get(`/api/competitions/${competitionId}/standings?season=2027`);
      expect(response.statusCode).toBe(200);
      return response
        .json<StandingsResponse>()
        .rows.map((row) => [
          row.team.name,
          row.played,
          row.won,
          row.drawn,
          row.lost,
          row.goalsFor,
          row.goalsAgainst,
          row.points,
        ]);
    };
    expect(await table()).toEqual([
      ['Iberia 1999', 2, 1, 1, 0, 3, 1, 4],
      ['Dila Gori', 1, 0, 1, 0, 1, 1, 1],
      ['Torpedo Kutaisi', 1, 0, 0, 1, 0, 2, 0],
    ]);
    // The first result was wrong: Torpedo won it.
    await result(first.id, 0, 1);
    expect(await table()).toEqual([
      ['Torpedo Kutaisi', 1, 1, 0, 0, 1, 0, 3],
      ['Dila Gori', 1, 0, 1, 0, 1, 1, 1],
      ['Iberia 1999', 2, 0, 1, 1, 1, 2, 1],
    ]);
    // Without a season the latest one is shown; an unknown season or competition is a 404.
    expect((await dinamoFan.get(`/api/competitions/${competitionId}/standings`)).json().season.label).toBe('2027');
    expect((await dinamoFan.get(`/api/competitions/${competitionId}/standings?season=1990`)).statusCode).toBe(404);
    expect((await dinamoFan.get('/api/competitions/999999/standings')).json().error.code).toBe('COMPETITION_NOT_FOUND');
  });
});

describe('fans’ reads', () => {
  it('list a club’s fixtures and results by cursor, and its next match (the live one first)', async () => {
    const telavi = await clubId('Telavi');
    // Telavi already has the fixtures of the tests above; these are added.
    const soon = await createMatch('Gagra', 'Telavi', new Date(Date.now() + 26 * HOUR));
    const later = await createMatch('Telavi', 'Gagra', new Date(Date.now() + 40 * 24 * HOUR));
    const upcoming = async () => {
      const all: MatchSummary[] = [];
      let cursor: string | null = null;
      do {
        const response = await dinamoFan.get(
          `/api/clubs/${telavi}/matches?kind=upcoming${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(response.statusCode).toBe(200);
        const page = response.json<{ matches: MatchSummary[]; nextCursor: string | null }>();
        all.push(...page.matches);
        cursor = page.nextCursor;
      } while (cursor);
      return all;
    };
    const listed = await upcoming();
    const ids = listed.map((m) => m.id);
    expect(ids).toContain(soon.id);
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(later.id));
    const kickoffs = listed.map((m) => m.kickoffAt);
    expect([...kickoffs].sort()).toEqual(kickoffs);
    expect(listed.every((m) => m.home.clubId === telavi || m.away.clubId === telavi)).toBe(true);

    let next = await dinamoFan.get(`/api/clubs/${telavi}/next-match`);
    const nextMatch = next.json<{ match: MatchSummary }>().match;
    expect(new Date(nextMatch.kickoffAt).getTime()).toBeLessThanOrEqual(new Date(soon.kickoffAt).getTime());

    await pressOk(later.id, 'phase', { phase: 'start' });
    next = await dinamoFan.get(`/api/clubs/${telavi}/next-match`);
    expect(next.json<{ match: MatchSummary }>().match).toMatchObject({ id: later.id, status: 'live', minute: 1 });
    await pressOk(later.id, 'phase', { phase: 'full_time' });
    const results = await dinamoFan.get(`/api/clubs/${telavi}/matches?kind=results`);
    expect(results.json<{ matches: MatchSummary[] }>().matches.map((m) => m.id)).toContain(later.id);

    const noMatches = await dinamoFan.get(`/api/clubs/${await clubId('Arsenal')}/next-match`);
    expect(noMatches.json()).toEqual({ match: null });
    expect((await dinamoFan.get('/api/clubs/999999/next-match')).statusCode).toBe(404);
    expect((await dinamoFan.get(`/api/matches/${crypto.randomUUID()}`)).json().error.code).toBe('MATCH_NOT_FOUND');
  });
});

describe('match threads', () => {
  it('take posts from both clubs’ fans of a derby, refuse a third club, and page newest first', async () => {
    const derby = await createMatch('Dinamo Tbilisi', 'Dinamo Batumi', new Date(Date.now() + HOUR));
    expect(derby.thread.phase).toBe('pre_match');
    const fromTbilisi = await dinamoFan.post('/api/posts', { text: 'Come on Dinamo!', matchId: derby.id });
    expect(fromTbilisi.statusCode, fromTbilisi.body).toBe(201);
    expect(fromTbilisi.json<{ post: Post }>().post.match).toEqual({ id: derby.id, home: 'DTB', away: 'DBT' });
    const fromBatumi = await batumiFan.post('/api/posts', { text: 'ბათუმი!', matchId: derby.id });
    expect(fromBatumi.statusCode).toBe(201);
    const refused = await torpedoFan.post('/api/posts', { text: 'me too', matchId: derby.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('THREAD_NOT_YOUR_MATCH');
    const unknown = await dinamoFan.post('/api/posts', { text: 'where?', matchId: crypto.randomUUID() });
    expect(unknown.json().error.code).toBe('MATCH_NOT_FOUND');

    const thread = await torpedoFan.get(`/api/matches/${derby.id}/posts`);
    expect(thread.statusCode).toBe(200);
    const posts = thread.json<{ posts: Post[] }>().posts;
    expect(posts.map((p) => [p.text, p.club.name])).toEqual([
      ['ბათუმი!', 'Dinamo Batumi'],
      ['Come on Dinamo!', 'Dinamo Tbilisi'],
    ]);
    // Each post of the thread carries its match's chip, read once for the page.
    for (const post of posts) expect(post.match).toEqual({ id: derby.id, home: 'DTB', away: 'DBT' });
    // The post is in its club's feed too, with its match chip.
    const clubFeed = await dinamoFan.get(`/api/clubs/${await clubId('Dinamo Tbilisi')}/posts`);
    const inFeed = clubFeed.json<{ posts: Post[] }>().posts.find((p) => p.id === fromTbilisi.json().post.id);
    expect(inFeed?.match).toEqual({ id: derby.id, home: 'DTB', away: 'DBT' });

    // Paging: 21 more posts make two pages, no post twice or missed.
    for (let i = 0; i < 21; i++) {
      expect((await dinamoFan.post('/api/posts', { text: `chant ${i}`, matchId: derby.id })).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await batumiFan.get(`/api/matches/${derby.id}/posts${cursor ? `?cursor=${cursor}` : ''}`);
      const body = page.json<{ posts: Post[]; nextCursor: string | null }>();
      seen.push(...body.posts.map((p) => p.text!));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(seen[0]).toBe('chant 20');
    expect(seen.at(-1)).toBe('Come on Dinamo!');
  });

  it('open a set time before kick-off and close a set time after full time', async () => {
    const farAway = await createMatch('Dinamo Tbilisi', 'Iberia 1999', new Date(Date.now() + 72 * HOUR));
    expect(farAway.thread).toMatchObject({ phase: 'not_open', closesAt: null });
    const early = await dinamoFan.post('/api/posts', { text: 'too early', matchId: farAway.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('THREAD_CLOSED');

    // Kick-off 47 hours away: open.
    await t.db
      .update(fixtures)
      .set({ kickoffAt: new Date(Date.now() + 47 * HOUR) })
      .where(eq(fixtures.id, farAway.id));
    expect((await dinamoFan.post('/api/posts', { text: 'two days to go', matchId: farAway.id })).statusCode).toBe(201);

    // Finished 23 hours ago: still open (post-match); 25 hours ago: closed.
    await t.db
      .update(fixtures)
      .set({
        status: 'finished',
        scoreHome: 1,
        scoreAway: 0,
        kickoffAt: new Date(Date.now() - 25 * HOUR),
        finishedAt: new Date(Date.now() - 23 * HOUR),
      })
      .where(eq(fixtures.id, farAway.id));
    const post = await dinamoFan.get(`/api/matches/${farAway.id}`);
    expect(post.json<{ match: MatchDetail }>().match.thread.phase).toBe('post_match');
    expect((await dinamoFan.post('/api/posts', { text: 'what a win', matchId: farAway.id })).statusCode).toBe(201);
    await t.db
      .update(fixtures)
      .set({ finishedAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(fixtures.id, farAway.id));
    const closed = await dinamoFan.post('/api/posts', { text: 'too late', matchId: farAway.id });
    expect(closed.json().error.code).toBe('THREAD_CLOSED');
    expect((await dinamoFan.get(`/api/matches/${farAway.id}`)).json().match.thread.phase).toBe('closed');
    // The thread can still be read.
    const thread = await dinamoFan.get(`/api/matches/${farAway.id}/posts`);
    expect(thread.json<{ posts: Post[] }>().posts.map((p) => p.text)).toEqual(['what a win', 'two days to go']);
  });
});

/** Reads Server-Sent Events (their `data:` as JSON) from a live server. */
async function watch(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const events: MatchLiveEvent[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  let pending: ReturnType<typeof reader.read> | null = null;
  return {
    events,
    async waitFor(timeoutMs: number, condition: (events: MatchLiveEvent[]) => boolean) {
      const deadline = Date.now() + timeoutMs;
      while (!condition(events)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null) return false;
        pending = null;
        if (chunk.value) buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as MatchLiveEvent);
        }
      }
      return true;
    },
    close: () => controller.abort(),
  };
}

describe('live to watching fans', () => {
  it('delivers a goal to every watcher of the match and nothing to a watcher of another', async () => {
    const match = await createMatch('Iberia 1999', 'Gareji Sagarejo', new Date(Date.now() + HOUR));
    const other = await createMatch('Samgurali Tskaltubo', 'Kolkheti Poti', new Date(Date.now() + HOUR));
    await pressOk(match.id, 'phase', { phase: 'start' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const first = await watch(`${base}/api/matches/${match.id}/stream`, dinamoFan.headers);
    const second = await watch(`${base}/api/matches/${match.id}/stream`, batumiFan.headers);
    const elsewhere = await watch(`${base}/api/matches/${other.id}/stream`, torpedoFan.headers);
    try {
      for (const stream of [first, second, elsewhere]) {
        expect(await stream.waitFor(3000, (events) => events.length >= 1)).toBe(true);
      }
      expect(first.events[0]).toMatchObject({ kind: 'match', change: null, match: { id: match.id, status: 'live' } });
      const goal = await pressOk(match.id, 'events', { kind: 'goal', side: 'away', minute: 9, player: 'Sikharulidze' });
      const scored = (events: MatchLiveEvent[]) => events.some((e) => e.kind === 'match' && e.change === 'event_added');
      expect(await first.waitFor(3000, scored)).toBe(true);
      expect(await second.waitFor(3000, scored)).toBe(true);
      const delivered = first.events.find((e) => e.kind === 'match' && e.change === 'event_added');
      expect(delivered).toMatchObject({
        kind: 'match',
        match: { id: match.id, score: { home: 0, away: 1 }, version: goal.version },
        event: { kind: 'goal', side: 'away', player: 'Sikharulidze', minute: 9 },
      });
      expect(second.events.at(-1)).toEqual(delivered);
      // The other match's watcher got its own state on connect, and nothing of this match.
      expect(await elsewhere.waitFor(500, (events) => events.length > 1)).toBe(false);
      expect(elsewhere.events).toHaveLength(1);
      expect(elsewhere.events[0]).toMatchObject({ kind: 'match', match: { id: other.id } });

      // A thread post is announced to the match's watchers.
      const posted = await dinamoFan.post('/api/posts', { text: 'Iberia? never mind', matchId: match.id });
      expect(posted.statusCode).toBe(403);
      const [iberiaFan] = (await t.createFans(1, 'Iberia 1999')) as [Fan];
      const threadPost = await iberiaFan.post('/api/posts', { text: 'Iberia!', matchId: match.id });
      expect(threadPost.statusCode).toBe(201);
      expect(await second.waitFor(3000, (events) => events.some((e) => e.kind === 'thread_post'))).toBe(true);
      expect(second.events.find((e) => e.kind === 'thread_post')).toEqual({
        kind: 'thread_post',
        matchId: match.id,
        postId: threadPost.json().post.id,
        clubId: await clubId('Iberia 1999'),
      });
    } finally {
      first.close();
      second.close();
      elsewhere.close();
    }
  });

  it('answers 404 for the stream of an unknown match', async () => {
    const response = await dinamoFan.get(`/api/matches/${crypto.randomUUID()}/stream`);
    expect(response.statusCode).toBe(404);
  });
});

describe('spoiler mode', () => {
  it('hides a held result in the club’s results and keeps every result change of an administrator audited', async () => {
    const match = await createMatch('Samgurali Tskaltubo', 'Gagra', new Date(Date.now() - 3 * HOUR));
    const result = await admin.put(`/api/admin/matches/${match.id}/result`, { score: { home: 2, away: 2 } });
    expect(result.statusCode, result.body).toBe(200);
    const lineups = await admin.put(`/api/admin/matches/${match.id}/lineups`, {
      home: [{ name: 'Kiteishvili', number: 10, starter: true }],
      away: [],
    });
    expect(lineups.statusCode, lineups.body).toBe(200);
    expect((await admin.delete(`/api/admin/matches/${match.id}/hand-lock`)).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'match'), eq(adminAuditLog.targetId, match.id)));
    expect(audit).toHaveLength(4);

    const [holder, other] = (await t.createFans(2, 'Samgurali Tskaltubo')) as [Fan, Fan];
    expect((await holder.put(`/api/matches/${match.id}/spoiler`)).statusCode).toBe(200);
    const club = await clubId('Samgurali Tskaltubo');
    const results = (h: Fan) => h.get(`/api/clubs/${club}/matches?kind=results`);
    const held = (await results(holder)).json<{ matches: MatchSummary[] }>().matches.find((m) => m.id === match.id);
    expect(held).toMatchObject({ status: 'finished', score: null, halfTimeScore: null, spoilerHidden: true });
    const seen = (await results(other)).json<{ matches: MatchSummary[] }>().matches.find((m) => m.id === match.id);
    expect(seen).toMatchObject({ score: { home: 2, away: 2 }, spoilerHidden: false });
  });

  it('hides a held match’s score from that fan in every answer and on the stream, until revealed or 48 h pass', async () => {
    const match = await createMatch('Telavi', 'Dila Gori', new Date(Date.now() + HOUR));
    await pressOk(match.id, 'phase', { phase: 'start' });
    await pressOk(match.id, 'events', { kind: 'goal', side: 'home', player: 'Tsitaishvili' });
    const [holder, other] = (await t.createFans(2, 'Telavi')) as [Fan, Fan];
    const held = await holder.put(`/api/matches/${match.id}/spoiler`);
    expect(held.statusCode).toBe(200);
    expect(held.json<{ match: MatchDetail }>().match).toMatchObject({
      score: null,
      halfTimeScore: null,
      spoilerHidden: true,
      events: [],
      status: 'live',
    });
    expect((await holder.put(`/api/matches/${crypto.randomUUID()}/spoiler`)).statusCode).toBe(404);

    const telavi = await clubId('Telavi');
    const listed = (await holder.get(`/api/clubs/${telavi}/matches?kind=upcoming`)).json<{ matches: MatchSummary[] }>();
    expect(listed.matches.find((m) => m.id === match.id)).toMatchObject({ score: null, spoilerHidden: true });
    const next = (await holder.get(`/api/clubs/${telavi}/next-match`)).json<{ match: MatchSummary }>().match;
    expect(next).toMatchObject({ id: match.id, score: null, spoilerHidden: true });
    // Another fan sees the score.
    const seen = (await other.get(`/api/matches/${match.id}`)).json<{ match: MatchDetail }>().match;
    expect(seen).toMatchObject({ score: { home: 1, away: 0 }, spoilerHidden: false });
    expect(seen.events).toHaveLength(1);

    // On the stream: the holder gets each change without its score, the other fan with it.
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const holderStream = await watch(`${base}/api/matches/${match.id}/stream`, holder.headers);
    const otherStream = await watch(`${base}/api/matches/${match.id}/stream`, other.headers);
    try {
      expect(await holderStream.waitFor(3000, (events) => events.length >= 1)).toBe(true);
      expect(await otherStream.waitFor(3000, (events) => events.length >= 1)).toBe(true);
      expect(holderStream.events[0]).toMatchObject({ match: { score: null, spoilerHidden: true } });
      await pressOk(match.id, 'events', { kind: 'goal', side: 'away', player: 'Kvekveskiri' });
      const added = (events: MatchLiveEvent[]) => events.some((e) => e.kind === 'match' && e.change === 'event_added');
      expect(await holderStream.waitFor(3000, added)).toBe(true);
      expect(await otherStream.waitFor(3000, added)).toBe(true);
      expect(holderStream.events.at(-1)).toMatchObject({
        kind: 'match',
        change: 'event_added',
        event: null,
        match: { score: null, spoilerHidden: true },
      });
      expect(otherStream.events.at(-1)).toMatchObject({
        match: { score: { home: 1, away: 1 } },
        event: { kind: 'goal' },
      });
    } finally {
      holderStream.close();
      otherStream.close();
    }

    // Revealed: the score is back.
    const revealed = await holder.delete(`/api/matches/${match.id}/spoiler`);
    expect(revealed.json<{ match: MatchDetail }>().match).toMatchObject({
      score: { home: 1, away: 1 },
      spoilerHidden: false,
    });
    // Held again, it lapses after 48 hours.
    await holder.put(`/api/matches/${match.id}/spoiler`);
    expect((await holder.get(`/api/matches/${match.id}`)).json().match.score).toBeNull();
    // The web folds the held match's posts in every feed from this list; another fan holds nothing.
    expect((await holder.get('/api/me/spoilers')).json()).toEqual({ matchIds: [match.id] });
    expect((await other.get('/api/me/spoilers')).json()).toEqual({ matchIds: [] });
    await t.db
      .update(matchSpoilerHolds)
      .set({ createdAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(matchSpoilerHolds.userId, holder.userId));
    expect((await holder.get(`/api/matches/${match.id}`)).json().match.score).toEqual({ home: 1, away: 1 });
    expect((await holder.get('/api/me/spoilers')).json()).toEqual({ matchIds: [] });
  });

  it('hides the score on a stream opened before the hold, and shows it again after a reveal', async () => {
    const match = await createMatch('Gagra', 'Kolkheti Poti', new Date(Date.now() + HOUR));
    await pressOk(match.id, 'phase', { phase: 'start' });
    const [fan] = (await t.createFans(1, 'Gagra')) as [Fan];
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await watch(`http://127.0.0.1:${port}/api/matches/${match.id}/stream`, fan.headers);
    const changes = (count: number) => (events: MatchLiveEvent[]) =>
      events.filter((e) => e.kind === 'match' && e.change === 'event_added').length >= count;
    try {
      expect(await stream.waitFor(3000, (events) => events.length >= 1)).toBe(true);
      expect(stream.events[0]).toMatchObject({ match: { score: { home: 0, away: 0 } } });

      // Held on another screen while this stream stays open: the next goal comes without its score or its scorer.
      expect((await fan.put(`/api/matches/${match.id}/spoiler`)).statusCode).toBe(200);
      await pressOk(match.id, 'events', { kind: 'goal', side: 'home', minute: 12, player: 'Chakvetadze' });
      expect(await stream.waitFor(3000, changes(1))).toBe(true);
      const held = stream.events.at(-1)!;
      expect(held).toMatchObject({ change: 'event_added', event: null, match: { score: null, spoilerHidden: true } });
      expect(JSON.stringify(held)).not.toContain('Chakvetadze');

      // A hold of another match changes nothing here; a reveal shows the next goal whole.
      const other = await createMatch('Gagra', 'Dila Gori', new Date(Date.now() + 2 * HOUR));
      await fan.put(`/api/matches/${other.id}/spoiler`);
      await fan.delete(`/api/matches/${match.id}/spoiler`);
      await pressOk(match.id, 'events', { kind: 'goal', side: 'away', minute: 30, player: 'Kharabadze' });
      expect(await stream.waitFor(3000, changes(2))).toBe(true);
      expect(stream.events.at(-1)).toMatchObject({
        match: { score: { home: 1, away: 1 } },
        event: { kind: 'goal', player: 'Kharabadze' },
      });
    } finally {
      stream.close();
    }
  });
});
