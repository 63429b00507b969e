import { z } from 'zod';
import { getJson, headerNumber, type Meter, type ProviderHttpOptions } from './http.js';
import {
  ProviderError,
  uniqueKeys,
  type FollowedCompetition,
  type FootballProvider,
  type LineupPlayer,
  type MatchEventKind,
  type MatchStatus,
  type ProviderAnswer,
  type ProviderEvent,
  type ProviderFixture,
  type ProviderLineup,
  type ProviderQuota,
  type ProviderStandingRow,
  type ProviderTeam,
  type ScorePair,
} from './provider.js';

/**
 * API-Football v3 (https://www.api-football.com/documentation-v3): the key in `x-apisports-key`; fixtures of a league's
 * season at /fixtures?league=&season=, live ones at /fixtures?live=all, one at /fixtures?id=, its events at
 * /fixtures/events?fixture=, its lineups at /fixtures/lineups?fixture=, tables at /standings?league=&season=. Every
 * answer is `{ get, parameters, errors, results, paging, response }`, and a refused request (bad key, too many
 * requests) is often a 200 whose `errors` is a non-empty object. Requests left: x-ratelimit-requests-remaining (the
 * day) and X-RateLimit-Remaining (the minute).
 */

export const API_FOOTBALL_BASE_URL = 'https://v3.football.api-sports.io';

const STATUS: Record<string, MatchStatus> = {
  TBD: 'scheduled',
  NS: 'scheduled',
  '1H': 'live',
  HT: 'half_time',
  '2H': 'live',
  ET: 'live',
  // The break before extra time.
  BT: 'half_time',
  // The shoot-out under way.
  P: 'live',
  // Interrupted, to go on shortly.
  INT: 'live',
  LIVE: 'live',
  FT: 'finished',
  AET: 'finished',
  PEN: 'finished',
  AWD: 'finished',
  WO: 'finished',
  PST: 'postponed',
  CANC: 'cancelled',
  ABD: 'abandoned',
  SUSP: 'abandoned',
};

const id = z.number().int();
const nullableText = z.string().nullish();
const pair = z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() });
const team = z.object({ id, name: z.string(), logo: nullableText });

/** Every answer's envelope; `errors` is [] or {} when all is well. */
const envelope = <T extends z.ZodType>(response: T) =>
  z.object({
    errors: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
    results: z.number().int().optional(),
    response,
  });
/** Read first, so a refusal in a 200 is told apart from a malformed answer whatever its `response` holds. */
const errorsOnly = z.object({ errors: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]) });

const fixture = z.object({
  fixture: z.object({
    id,
    date: z.iso.datetime({ offset: true }),
    venue: z.object({ name: nullableText, city: nullableText }).nullish(),
    status: z.object({
      long: nullableText,
      short: z.enum(Object.keys(STATUS) as [string, ...string[]]),
      elapsed: z.number().int().nullable(),
      extra: z.number().int().nullish(),
    }),
  }),
  league: z.object({
    id,
    name: z.string(),
    logo: nullableText,
    season: z.number().int(),
    round: nullableText,
  }),
  teams: z.object({ home: team, away: team }),
  goals: pair,
  score: z.object({ halftime: pair, fulltime: pair, extratime: pair, penalty: pair }),
});
type Fixture = z.infer<typeof fixture>;

const event = z.object({
  time: z.object({ elapsed: z.number().int(), extra: z.number().int().nullable() }),
  team: z.object({ id, name: nullableText }),
  player: z.object({ id: id.nullable(), name: z.string().nullable() }),
  assist: z.object({ id: id.nullable(), name: z.string().nullable() }),
  type: z.string(),
  detail: z.string(),
  comments: nullableText,
});
type Event = z.infer<typeof event>;

const lineupPlayer = z.object({
  player: z.object({ id: id.nullable(), name: z.string(), number: z.number().int().nullable(), pos: nullableText }),
});
const lineup = z.object({
  team: z.object({ id, name: z.string() }),
  formation: nullableText,
  coach: z.object({ name: z.string().nullable() }).nullish(),
  startXI: z.array(lineupPlayer),
  substitutes: z.array(lineupPlayer),
});

const standingRow = z.object({
  rank: z.number().int(),
  team,
  points: z.number().int(),
  group: nullableText,
  form: nullableText,
  all: z.object({
    played: z.number().int(),
    win: z.number().int(),
    draw: z.number().int(),
    lose: z.number().int(),
    goals: z.object({ for: z.number().int(), against: z.number().int() }),
  }),
});
const standings = z.array(z.object({ league: z.object({ id, standings: z.array(z.array(standingRow)) }) }));

export function createApiFootballProvider(key: string, options: ProviderHttpOptions): FootballProvider {
  const headers = { 'x-apisports-key': key };
  /** A request whose answer's `errors` is checked first, then its `response` against `schema`. */
  const get = async <S extends z.ZodType>(path: string, schema: S, meter: Meter) => {
    const first = await getJson({
      provider: 'api-football',
      options,
      path,
      headers,
      schema: z.unknown(),
      meter,
      // The per-minute window is the wait when no Retry-After is given.
      defaultRetryMs: () => 60_000,
    });
    const errors = errorsOnly.safeParse(first.body);
    if (errors.success) refuseOnErrors(errors.data.errors, meter);
    const parsed = envelope(schema).safeParse(first.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ProviderError({
        provider: 'api-football',
        kind: 'malformed',
        message: `/${path.split('?')[0]}: the answer is not of the documented shape (${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : '?'})`,
        cost: meter.cost,
      });
    }
    return { body: parsed.data as { response: z.infer<S> }, headers: first.headers };
  };
  const answer = <T>(data: T, meter: Meter, h: Headers): ProviderAnswer<T> => ({
    data,
    cost: meter.cost,
    quota: quotaOf(h),
  });

  return {
    name: 'api-football',
    async fixtures(followed: FollowedCompetition) {
      const meter = { cost: 0 };
      const path = `fixtures?league=${encodeURIComponent(followed.competition)}&season=${followed.season}`;
      const { body, headers: h } = await get(path, z.array(fixture), meter);
      return answer(body.response.map(toFixture), meter, h);
    },
    async liveFixtures() {
      const meter = { cost: 0 };
      const { body, headers: h } = await get('fixtures?live=all', z.array(fixture), meter);
      return answer(body.response.map(toFixture), meter, h);
    },
    async fixtureDetails(providerId, { lineups: withLineups = false } = {}) {
      const meter = { cost: 0 };
      const fixtureId = encodeURIComponent(providerId);
      const one = await get(`fixtures?id=${fixtureId}`, z.array(fixture), meter);
      const found = one.body.response[0];
      if (!found) {
        throw new ProviderError({
          provider: 'api-football',
          kind: 'refused',
          message: `fixture ${providerId} is not known`,
          cost: meter.cost,
        });
      }
      const events = await get(`fixtures/events?fixture=${fixtureId}`, z.array(event), meter);
      let lineups: ProviderLineup[] | null = null;
      let last = events.headers;
      if (withLineups) {
        const answered = await get(`fixtures/lineups?fixture=${fixtureId}`, z.array(lineup), meter);
        last = answered.headers;
        lineups = lineupsOf(answered.body.response, found);
      }
      return answer({ fixture: toFixture(found), events: eventsOf(events.body.response, found), lineups }, meter, last);
    },
    async standings(followed) {
      const meter = { cost: 0 };
      const path = `standings?league=${encodeURIComponent(followed.competition)}&season=${followed.season}`;
      const { body, headers: h } = await get(path, standings, meter);
      const rows: ProviderStandingRow[] = [];
      for (const entry of body.response) {
        const groups = entry.league.standings;
        for (const group of groups) {
          for (const row of group) {
            rows.push({
              group: groups.length > 1 ? (row.group ?? null) : null,
              position: row.rank,
              team: toTeam(row.team),
              played: row.all.played,
              won: row.all.win,
              drawn: row.all.draw,
              lost: row.all.lose,
              goalsFor: row.all.goals.for,
              goalsAgainst: row.all.goals.against,
              points: row.points,
              form: row.form ?? null,
            });
          }
        }
      }
      return answer(rows, meter, h);
    },
  };
}

/** A 200 whose `errors` names a problem: the key, the limits, or the request itself. */
function refuseOnErrors(errors: unknown[] | Record<string, unknown>, meter: Meter): void {
  const entries = Array.isArray(errors)
    ? errors.map((value, index) => [String(index), value] as const)
    : Object.entries(errors);
  if (entries.length === 0) return;
  const message = entries.map(([field, value]) => `${field}: ${String(value)}`).join('; ');
  const fields = entries.map(([field]) => field.toLowerCase());
  const kind = fields.some((f) => f === 'ratelimit' || f === 'requests')
    ? 'rate_limited'
    : fields.some((f) => f === 'token' || f === 'access')
      ? 'unauthorized'
      : 'refused';
  throw new ProviderError({
    provider: 'api-football',
    kind,
    message,
    cost: meter.cost,
    // "requests" means the day's allowance is spent: nothing more until tomorrow; "rateLimit" is the minute.
    retryAfterMs: kind === 'rate_limited' ? (fields.includes('requests') ? 3_600_000 : 60_000) : undefined,
  });
}

function quotaOf(headers: Headers): ProviderQuota {
  return {
    minuteRemaining: headerNumber(headers, 'x-ratelimit-remaining'),
    dayRemaining: headerNumber(headers, 'x-ratelimit-requests-remaining'),
  };
}

function toTeam(t: z.infer<typeof team>): ProviderTeam {
  return { providerId: String(t.id), name: t.name, shortName: null, crest: t.logo ?? null };
}

function toPair(p: z.infer<typeof pair>): ScorePair | null {
  return p.home !== null && p.away !== null ? { home: p.home, away: p.away } : null;
}

function toFixture(f: Fixture): ProviderFixture {
  const extraTime = toPair(f.score.extratime);
  // `goals` is the score of play so far (extra time included, the shoot-out not); `fulltime` is the 90 minutes.
  const fullTime = toPair(f.goals) ?? toPair(f.score.fulltime);
  return {
    providerId: String(f.fixture.id),
    competition: { providerId: String(f.league.id), name: f.league.name, code: null, emblem: f.league.logo ?? null },
    season: f.league.season,
    kickoff: new Date(f.fixture.date),
    venue: f.fixture.venue?.name ?? null,
    round: f.league.round ?? null,
    status: STATUS[f.fixture.status.short]!,
    providerStatus: f.fixture.status.short,
    minute: f.fixture.status.elapsed,
    addedMinute: f.fixture.status.extra ?? null,
    home: toTeam(f.teams.home),
    away: toTeam(f.teams.away),
    score: { fullTime, halfTime: toPair(f.score.halftime), extraTime, penalties: toPair(f.score.penalty) },
  };
}

function kindOf(e: Event): MatchEventKind | null {
  const detail = e.detail.toLowerCase();
  switch (e.type.toLowerCase()) {
    case 'goal':
      if (detail === 'own goal') return 'own_goal';
      if (detail === 'penalty') return 'penalty_goal';
      if (detail === 'missed penalty') return 'missed_penalty';
      return 'goal';
    case 'card':
      if (detail.startsWith('second yellow')) return 'second_yellow';
      if (detail.startsWith('red')) return 'red';
      if (detail.startsWith('yellow')) return 'yellow';
      return null;
    case 'subst':
      return 'substitution';
    case 'var':
      return 'var';
    default:
      return null;
  }
}

function eventsOf(list: Event[], f: Fixture): ProviderEvent[] {
  const events: ProviderEvent[] = [];
  for (const e of list) {
    const kind = kindOf(e);
    if (!kind) continue;
    const who = e.player.id ?? e.player.name ?? '';
    // A VAR decision's words are part of what it is ("Goal cancelled" and "Penalty confirmed" are two events).
    const what = kind === 'var' ? `var-${e.detail.toLowerCase().replace(/\s+/g, '-')}` : kind;
    events.push({
      key: `af:${what}:${e.time.elapsed}:${e.time.extra ?? ''}:${e.team.id}:${who}`,
      kind,
      minute: e.time.elapsed,
      addedMinute: e.time.extra,
      side: e.team.id === f.teams.home.id ? 'home' : 'away',
      // In a substitution `player` comes on and `assist` goes off.
      player: e.player.name,
      secondPlayer: e.assist.name,
      detail: e.detail,
    });
  }
  return uniqueKeys(events);
}

function lineupsOf(list: z.infer<typeof lineup>[], f: Fixture): ProviderLineup[] | null {
  const player = (p: z.infer<typeof lineupPlayer>): LineupPlayer => ({
    name: p.player.name,
    number: p.player.number,
    position: p.player.pos ?? null,
  });
  const lineups = list.map((l) => ({
    side: l.team.id === f.teams.home.id ? ('home' as const) : ('away' as const),
    formation: l.formation ?? null,
    coach: l.coach?.name ?? null,
    starting: l.startXI.map(player),
    bench: l.substitutes.map(player),
  }));
  return lineups.length ? lineups : null;
}
