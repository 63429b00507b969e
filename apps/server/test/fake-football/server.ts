import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeEvent, FakeMatch, FakeStatus, FakeTeam, World } from './world.js';

/**
 * A local stand-in for football-data.org v4 (under /football-data) and API-Football v3 (under /api-football): the
 * documented paths, auth headers, JSON shapes and limit headers, answered from a World the test changes. Faults are
 * queued per provider and taken by its next requests: a 429 with Retry-After, a 5xx, a body that is not JSON, JSON
 * of another shape, or API-Football's refusal inside a 200.
 */

export type FakeProvider = 'football-data' | 'api-football';

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'not-json' }
  | { kind: 'wrong-shape' }
  | { kind: 'errors-in-200'; errors: Record<string, string> };

export type FakeRequest = { provider: FakeProvider; path: string; authorized: boolean };

export type FakeFootball = {
  url: string;
  world: World;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** The next `times` requests to `provider` answer with `fault`. */
  fail(provider: FakeProvider, fault: Fault, times?: number): void;
  /** What the limit headers say is left (decremented per request; the day's for API-Football). */
  remaining: { footballDataMinute: number; apiFootballDay: number; apiFootballMinute: number };
  close(): Promise<void>;
};

export const FAKE_FOOTBALL_DATA_TOKEN = 'fd-test-token';
export const FAKE_API_FOOTBALL_KEY = 'af-test-key';

export async function startFakeFootball(world: World): Promise<FakeFootball> {
  const faults: Record<FakeProvider, Fault[]> = { 'football-data': [], 'api-football': [] };
  const requests: FakeRequest[] = [];
  // Plenty by default; a test that wants the provider to say it is spent sets these.
  const remaining = { footballDataMinute: 1000, apiFootballDay: 7500, apiFootballMinute: 1000 };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      send(res, 500, { message: String(error) });
    }
  });

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, prefix, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    if (prefix === 'football-data') return footballData(req, res, path, url.searchParams);
    if (prefix === 'api-football') return apiFootball(req, res, path, url.searchParams);
    send(res, 404, { message: 'unknown provider' });
  }

  /** A queued fault answered instead of the real thing; true when one was. */
  function answeredByFault(provider: FakeProvider, res: ServerResponse, headers: Record<string, string>): boolean {
    const fault = faults[provider].shift();
    if (!fault) return false;
    switch (fault.kind) {
      case 'status':
        send(
          res,
          fault.status,
          provider === 'football-data'
            ? {
                message: fault.status === 429 ? 'You reached your request limit.' : 'Service unavailable',
                errorCode: fault.status,
              }
            : { message: 'Too many requests' },
          { ...headers, ...(fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {}) },
        );
        return true;
      case 'not-json':
        res.writeHead(200, { 'content-type': 'application/json', ...headers });
        res.end('<html><body>502 Bad Gateway</body></html>');
        return true;
      case 'wrong-shape':
        send(
          res,
          200,
          provider === 'football-data'
            ? { matches: [{ id: 'five', utcDate: 'tomorrow', status: 'PLAYING' }] }
            : { get: 'fixtures', errors: [], results: 1, response: [{ fixture: { id: 'five' } }] },
          headers,
        );
        return true;
      case 'errors-in-200':
        send(
          res,
          200,
          { get: '', parameters: [], errors: fault.errors, results: 0, paging: { current: 1, total: 1 }, response: [] },
          headers,
        );
        return true;
    }
  }

  // ---- football-data.org v4 ----

  function footballData(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    const authorized = req.headers['x-auth-token'] === FAKE_FOOTBALL_DATA_TOKEN;
    requests.push({
      provider: 'football-data',
      path: `${path}${query.size ? `?${query.toString()}` : ''}`,
      authorized,
    });
    remaining.footballDataMinute = Math.max(0, remaining.footballDataMinute - 1);
    const headers = {
      'x-api-version': 'v4',
      'x-requests-available-minute': String(remaining.footballDataMinute),
      'x-requestcounter-reset': '42',
    };
    if (!authorized) {
      return send(
        res,
        403,
        {
          message:
            'The resource you are looking for is restricted. Please pass a valid API token and check your subscription for permission.',
          errorCode: 403,
        },
        headers,
      );
    }
    if (answeredByFault('football-data', res, headers)) return;

    let m: RegExpExecArray | null;
    if ((m = /^\/v4\/competitions\/([^/]+)\/matches$/.exec(path))) {
      const competition = world.competitions.find((c) => c.code === m![1]);
      if (!competition)
        return send(res, 404, { message: 'The resource you are looking for does not exist.', errorCode: 404 }, headers);
      const season = Number(query.get('season') ?? competition.season);
      const matches = world.matches.filter((x) => x.competition === competition.code && x.season === season);
      return send(
        res,
        200,
        {
          filters: { season: String(season) },
          resultSet: { count: matches.length },
          competition: fdCompetition(competition.code),
          matches: matches.map((x) => fdMatch(x)),
        },
        headers,
      );
    }
    if (path === '/v4/matches') {
      const status = query.get('status');
      const matches = world.matches.filter(
        (x) => status !== 'LIVE' || ['IN_PLAY', 'PAUSED'].includes(fdStatus(x.status)),
      );
      return send(
        res,
        200,
        {
          filters: { status: [status] },
          resultSet: { count: matches.length },
          matches: matches.map((x) => fdMatch(x)),
        },
        headers,
      );
    }
    if ((m = /^\/v4\/matches\/(\d+)$/.exec(path))) {
      const found = world.matches.find((x) => x.id === Number(m![1]));
      if (!found)
        return send(res, 404, { message: 'The resource you are looking for does not exist.', errorCode: 404 }, headers);
      return send(res, 200, fdMatch(found, true), headers);
    }
    if ((m = /^\/v4\/competitions\/([^/]+)\/standings$/.exec(path))) {
      const competition = world.competitions.find((c) => c.code === m![1]);
      if (!competition)
        return send(res, 404, { message: 'The resource you are looking for does not exist.', errorCode: 404 }, headers);
      const table = tableOf(world.matches.filter((x) => x.competition === competition.code));
      return send(
        res,
        200,
        {
          filters: { season: String(competition.season) },
          competition: fdCompetition(competition.code),
          season: { id: 1, startDate: `${competition.season}-03-01`, endDate: `${competition.season}-12-01` },
          standings: [
            {
              stage: 'REGULAR_SEASON',
              type: 'TOTAL',
              group: null,
              table: table.map((row, index) => ({
                position: index + 1,
                team: fdTeam(row.team),
                playedGames: row.played,
                form: null,
                won: row.won,
                draw: row.drawn,
                lost: row.lost,
                points: row.points,
                goalsFor: row.goalsFor,
                goalsAgainst: row.goalsAgainst,
                goalDifference: row.goalsFor - row.goalsAgainst,
              })),
            },
          ],
        },
        headers,
      );
    }
    send(res, 404, { message: 'The resource you are looking for does not exist.', errorCode: 404 }, headers);
  }

  function fdCompetition(code: string) {
    const c = world.competitions.find((x) => x.code === code)!;
    return {
      id: c.footballDataId,
      name: c.name,
      code: c.code,
      type: 'LEAGUE',
      emblem: `https://crests.example/${c.code}.png`,
    };
  }

  function fdMatch(x: FakeMatch, detailed = false) {
    const c = world.competitions.find((y) => y.code === x.competition)!;
    const regular = x.extraTime && x.score ? [x.score[0] - x.extraTime[0], x.score[1] - x.extraTime[1]] : null;
    const pens = x.penalties;
    const full = x.score && pens ? [x.score[0] + pens[0], x.score[1] + pens[1]] : x.score;
    const duration = x.status === 'finished_pen' ? 'PENALTY_SHOOTOUT' : x.extraTime ? 'EXTRA_TIME' : 'REGULAR';
    const teamWithLineup = (t: FakeTeam) => ({
      ...fdTeam(t),
      ...(detailed && x.lineups
        ? {
            coach: { id: t.id * 10, name: `Coach of ${t.shortName}` },
            formation: '4-3-3',
            lineup: Array.from({ length: 11 }, (_, i) => ({
              id: t.id * 100 + i,
              name: `${t.shortName} Player ${i + 1}`,
              position: i === 0 ? 'Goalkeeper' : 'Midfield',
              shirtNumber: i + 1,
            })),
            bench: [{ id: t.id * 100 + 12, name: `${t.shortName} Sub 12`, position: 'Offence', shirtNumber: 12 }],
          }
        : {}),
    });
    const teamOf = (side: 'home' | 'away') => {
      const t = side === 'home' ? x.home : x.away;
      return { id: t.id, name: t.name };
    };
    const visible = x.events.filter((e) => e.type !== 'var' && e.type !== 'missed_penalty');
    return {
      area: { id: 2100, name: 'Georgia', code: 'GEO' },
      competition: fdCompetition(x.competition),
      season: { id: 1, startDate: `${c.season}-03-01`, endDate: `${c.season}-12-01`, currentMatchday: x.round },
      id: x.id,
      utcDate: x.kickoff.replace(/\.\d{3}Z$/, 'Z'),
      status: fdStatus(x.status),
      minute: x.minute,
      injuryTime: x.extra,
      venue: x.venue,
      matchday: x.round,
      stage: 'REGULAR_SEASON',
      group: null,
      lastUpdated: new Date().toISOString(),
      homeTeam: teamWithLineup(x.home),
      awayTeam: teamWithLineup(x.away),
      score: {
        winner: null,
        duration,
        fullTime: pairOf(full),
        halfTime: pairOf(x.halfTime),
        ...(x.extraTime ? { regularTime: pairOf(regular), extraTime: pairOf(x.extraTime) } : {}),
        ...(pens ? { penalties: pairOf(pens) } : {}),
      },
      odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
      referees: [],
      ...(detailed
        ? {
            goals: visible
              .filter((e) => e.type === 'goal' || e.type === 'own_goal' || e.type === 'penalty')
              .map((e) => ({
                minute: e.minute,
                injuryTime: e.extra ?? null,
                type: e.type === 'own_goal' ? 'OWN' : e.type === 'penalty' ? 'PENALTY' : 'REGULAR',
                team: teamOf(e.side),
                scorer: { id: e.playerId, name: e.player },
                assist: e.second ? { id: e.playerId + 1000, name: e.second } : null,
                score: { home: null, away: null },
              })),
            bookings: visible
              .filter((e) => e.type === 'yellow' || e.type === 'second_yellow' || e.type === 'red')
              .map((e) => ({
                minute: e.minute,
                team: teamOf(e.side),
                player: { id: e.playerId, name: e.player },
                card: e.type === 'yellow' ? 'YELLOW' : e.type === 'second_yellow' ? 'YELLOW_RED' : 'RED',
              })),
            substitutions: visible
              .filter((e) => e.type === 'sub')
              .map((e) => ({
                minute: e.minute,
                team: teamOf(e.side),
                playerOut: { id: e.playerId + 1000, name: e.second ?? 'Unknown' },
                playerIn: { id: e.playerId, name: e.player },
              })),
          }
        : {}),
    };
  }

  // ---- API-Football v3 ----

  function apiFootball(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    const authorized = req.headers['x-apisports-key'] === FAKE_API_FOOTBALL_KEY;
    requests.push({ provider: 'api-football', path: `${path}${query.size ? `?${query.toString()}` : ''}`, authorized });
    remaining.apiFootballDay = Math.max(0, remaining.apiFootballDay - 1);
    remaining.apiFootballMinute = Math.max(0, remaining.apiFootballMinute - 1);
    const headers = {
      'x-ratelimit-requests-limit': '100',
      'x-ratelimit-requests-remaining': String(remaining.apiFootballDay),
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': String(remaining.apiFootballMinute),
    };
    const parameters = Object.fromEntries(query);
    const envelope = (get: string, response: unknown[]) => ({
      get,
      parameters,
      errors: [],
      results: response.length,
      paging: { current: 1, total: 1 },
      response,
    });
    if (!authorized) {
      return send(
        res,
        200,
        {
          get: path.slice(1),
          parameters,
          errors: {
            token:
              'Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.',
          },
          results: 0,
          paging: { current: 1, total: 1 },
          response: [],
        },
        headers,
      );
    }
    if (answeredByFault('api-football', res, headers)) return;

    if (path === '/fixtures') {
      let list = world.matches;
      if (query.get('live') === 'all')
        list = list.filter((x) => ['1H', 'HT', '2H', 'ET', 'BT', 'P'].includes(afStatus(x.status).short));
      if (query.has('id')) list = list.filter((x) => x.id === Number(query.get('id')));
      if (query.has('league')) {
        const competition = world.competitions.find((c) => c.leagueId === Number(query.get('league')));
        list = list.filter((x) => x.competition === competition?.code && x.season === Number(query.get('season')));
      }
      return send(res, 200, envelope('fixtures', list.map(afFixture)), headers);
    }
    if (path === '/fixtures/events') {
      const found = world.matches.find((x) => x.id === Number(query.get('fixture')));
      return send(
        res,
        200,
        envelope('fixtures/events', found ? found.events.map((e) => afEvent(found, e)) : []),
        headers,
      );
    }
    if (path === '/fixtures/lineups') {
      const found = world.matches.find((x) => x.id === Number(query.get('fixture')));
      const lineups = found?.lineups
        ? [found.home, found.away].map((t) => ({
            team: { id: t.id, name: t.name, logo: t.crest, colors: null },
            coach: { id: t.id * 10, name: `Coach of ${t.shortName}`, photo: null },
            formation: '4-4-2',
            startXI: Array.from({ length: 11 }, (_, i) => ({
              player: {
                id: t.id * 100 + i,
                name: `${t.shortName} Player ${i + 1}`,
                number: i + 1,
                pos: i === 0 ? 'G' : 'M',
                grid: null,
              },
            })),
            substitutes: [
              { player: { id: t.id * 100 + 12, name: `${t.shortName} Sub 12`, number: 12, pos: 'F', grid: null } },
            ],
          }))
        : [];
      return send(res, 200, envelope('fixtures/lineups', lineups), headers);
    }
    if (path === '/standings') {
      const competition = world.competitions.find((c) => c.leagueId === Number(query.get('league')));
      if (!competition) return send(res, 200, envelope('standings', []), headers);
      const table = tableOf(world.matches.filter((x) => x.competition === competition.code));
      return send(
        res,
        200,
        envelope('standings', [
          {
            league: {
              id: competition.leagueId,
              name: competition.name,
              country: 'Georgia',
              logo: null,
              flag: null,
              season: competition.season,
              standings: [
                table.map((row, index) => ({
                  rank: index + 1,
                  team: { id: row.team.id, name: row.team.name, logo: row.team.crest },
                  points: row.points,
                  goalsDiff: row.goalsFor - row.goalsAgainst,
                  group: competition.name,
                  form: null,
                  status: 'same',
                  description: null,
                  all: {
                    played: row.played,
                    win: row.won,
                    draw: row.drawn,
                    lose: row.lost,
                    goals: { for: row.goalsFor, against: row.goalsAgainst },
                  },
                  home: { played: 0, win: 0, draw: 0, lose: 0, goals: { for: 0, against: 0 } },
                  away: { played: 0, win: 0, draw: 0, lose: 0, goals: { for: 0, against: 0 } },
                  update: new Date().toISOString(),
                })),
              ],
            },
          },
        ]),
        headers,
      );
    }
    send(res, 404, { message: 'Endpoint not found' }, headers);
  }

  function afFixture(x: FakeMatch) {
    const c = world.competitions.find((y) => y.code === x.competition)!;
    const status = afStatus(x.status);
    const regular = x.score && x.extraTime ? [x.score[0] - x.extraTime[0], x.score[1] - x.extraTime[1]] : x.score;
    const finished = ['finished', 'finished_aet', 'finished_pen'].includes(x.status);
    return {
      fixture: {
        id: x.id,
        referee: null,
        timezone: 'UTC',
        date: x.kickoff.replace(/\.\d{3}Z$/, '+00:00'),
        timestamp: Math.floor(Date.parse(x.kickoff) / 1000),
        periods: { first: null, second: null },
        venue: { id: 1, name: x.venue, city: 'Tbilisi' },
        status: { long: status.long, short: status.short, elapsed: x.minute, extra: x.extra },
      },
      league: {
        id: c.leagueId,
        name: c.name,
        country: 'Georgia',
        logo: null,
        flag: null,
        season: x.season,
        round: `Regular Season - ${x.round}`,
      },
      teams: {
        home: { id: x.home.id, name: x.home.name, logo: x.home.crest, winner: null },
        away: { id: x.away.id, name: x.away.name, logo: x.away.crest, winner: null },
      },
      goals: pairOf(x.score),
      score: {
        halftime: pairOf(x.halfTime),
        fulltime: pairOf(finished ? regular : null),
        extratime: pairOf(x.extraTime),
        penalty: pairOf(x.penalties),
      },
    };
  }

  function afEvent(x: FakeMatch, e: FakeEvent) {
    const t = e.side === 'home' ? x.home : x.away;
    const [type, detail] = {
      goal: ['Goal', 'Normal Goal'],
      own_goal: ['Goal', 'Own Goal'],
      penalty: ['Goal', 'Penalty'],
      missed_penalty: ['Goal', 'Missed Penalty'],
      yellow: ['Card', 'Yellow Card'],
      second_yellow: ['Card', 'Second Yellow card'],
      red: ['Card', 'Red Card'],
      sub: ['subst', 'Substitution 1'],
      var: ['Var', e.detail ?? 'Goal cancelled'],
    }[e.type];
    return {
      time: { elapsed: e.minute, extra: e.extra ?? null },
      team: { id: t.id, name: t.name, logo: t.crest },
      player: { id: e.playerId, name: e.player },
      assist: { id: e.second ? e.playerId + 1000 : null, name: e.second ?? null },
      type,
      detail,
      comments: null,
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    world,
    requests,
    remaining,
    fail(provider, fault, times = 1) {
      for (let i = 0; i < times; i++) faults[provider].push(fault);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function pairOf(p: readonly number[] | null) {
  return { home: p ? p[0]! : null, away: p ? p[1]! : null };
}

function fdStatus(status: FakeStatus): string {
  return {
    scheduled: 'TIMED',
    first_half: 'IN_PLAY',
    half_time: 'PAUSED',
    second_half: 'IN_PLAY',
    extra_time: 'IN_PLAY',
    finished: 'FINISHED',
    finished_aet: 'FINISHED',
    finished_pen: 'FINISHED',
    postponed: 'POSTPONED',
    cancelled: 'CANCELLED',
    abandoned: 'SUSPENDED',
  }[status];
}

function afStatus(status: FakeStatus): { short: string; long: string } {
  const [short, long] = {
    scheduled: ['NS', 'Not Started'],
    first_half: ['1H', 'First Half'],
    half_time: ['HT', 'Halftime'],
    second_half: ['2H', 'Second Half'],
    extra_time: ['ET', 'Extra Time'],
    finished: ['FT', 'Match Finished'],
    finished_aet: ['AET', 'Match Finished After Extra Time'],
    finished_pen: ['PEN', 'Match Finished After Penalty'],
    postponed: ['PST', 'Match Postponed'],
    cancelled: ['CANC', 'Match Cancelled'],
    abandoned: ['ABD', 'Match Abandoned'],
  }[status] as [string, string];
  return { short, long };
}

type TableRow = {
  team: FakeTeam;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
};

/** The table the finished matches make, as both providers would publish it. */
function tableOf(matches: FakeMatch[]): TableRow[] {
  const rows = new Map<number, TableRow>();
  const row = (t: FakeTeam) => {
    let r = rows.get(t.id);
    if (!r)
      rows.set(t.id, (r = { team: t, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0 }));
    return r;
  };
  for (const x of matches) {
    const home = row(x.home);
    const away = row(x.away);
    if (!x.status.startsWith('finished') || !x.score) continue;
    const [h, a] = x.score;
    for (const [r, f, g] of [
      [home, h, a],
      [away, a, h],
    ] as const) {
      r.played++;
      r.goalsFor += f;
      r.goalsAgainst += g;
      if (f > g) {
        r.won++;
        r.points += 3;
      } else if (f === g) {
        r.drawn++;
        r.points++;
      } else r.lost++;
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.points - a.points ||
      b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
      a.team.name.localeCompare(b.team.name),
  );
}

function fdTeam(t: FakeTeam) {
  return { id: t.id, name: t.name, shortName: t.shortName, tla: t.shortName.slice(0, 3).toUpperCase(), crest: t.crest };
}
