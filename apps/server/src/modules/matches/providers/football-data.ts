import { z } from 'zod';
import { getJson, headerNumber, toInt, type Meter, type ProviderHttpOptions } from './http.js';
import {
  ProviderError,
  uniqueKeys,
  type FollowedCompetition,
  type FootballProvider,
  type LineupPlayer,
  type MatchStatus,
  type ProviderAnswer,
  type ProviderEvent,
  type ProviderFixture,
  type ProviderLineup,
  type ProviderQuota,
  type ProviderStandingRow,
  type ProviderTeam,
  type ScorePair,
  type Side,
} from './provider.js';

/**
 * football-data.org API v4 (https://docs.football-data.org/general/v4/): the token in `X-Auth-Token`, matches of a
 * competition's season at /v4/competitions/{code}/matches?season=, live ones at /v4/matches?status=LIVE, one match
 * (goals, bookings, substitutions, lineups where the plan has them) at /v4/matches/{id}, and tables at
 * /v4/competitions/{code}/standings?season=. Requests left this minute: X-Requests-Available-Minute, seconds to the
 * next minute: X-RequestCounter-Reset.
 */

export const FOOTBALL_DATA_BASE_URL = 'https://api.football-data.org';

const STATUS: Record<string, MatchStatus> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  LIVE: 'live',
  // PAUSED is the break: half-time, or before extra time.
  PAUSED: 'half_time',
  FINISHED: 'finished',
  AWARDED: 'finished',
  POSTPONED: 'postponed',
  SUSPENDED: 'abandoned',
  CANCELLED: 'cancelled',
};

const id = z.number().int();
const nullableText = z.string().nullish();

const pair = z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() });
const team = z.object({
  id: id.nullable(),
  name: z.string().nullable(),
  shortName: nullableText,
  tla: nullableText,
  crest: nullableText,
});
const person = z.object({ id: id.nullish(), name: z.string().nullish() }).nullish();
const lineupPlayer = z.object({
  id: id.nullish(),
  name: z.string(),
  position: nullableText,
  shirtNumber: z.number().int().nullish(),
});
const teamWithLineup = team.extend({
  formation: nullableText,
  coach: z.object({ name: z.string().nullish() }).nullish(),
  lineup: z.array(lineupPlayer).nullish(),
  bench: z.array(lineupPlayer).nullish(),
});
const teamRef = z.object({ id: id.nullish(), name: z.string().nullish() }).nullish();

const match = z.object({
  id,
  utcDate: z.iso.datetime({ offset: true }),
  status: z.enum(Object.keys(STATUS) as [string, ...string[]]),
  minute: z.union([z.number(), z.string()]).nullish(),
  injuryTime: z.number().int().nullish(),
  venue: nullableText,
  matchday: z.number().int().nullish(),
  stage: nullableText,
  group: nullableText,
  competition: z.object({ id, name: z.string(), code: nullableText, emblem: nullableText }),
  season: z.object({ id: id.nullish(), startDate: z.string().nullish() }),
  homeTeam: teamWithLineup,
  awayTeam: teamWithLineup,
  score: z.object({
    winner: nullableText,
    duration: nullableText,
    fullTime: pair,
    halfTime: pair,
    regularTime: pair.nullish(),
    extraTime: pair.nullish(),
    penalties: pair.nullish(),
  }),
  goals: z
    .array(
      z.object({
        minute: z.number().int().nullable(),
        injuryTime: z.number().int().nullish(),
        type: nullableText,
        team: teamRef,
        scorer: person,
        assist: person,
      }),
    )
    .nullish(),
  bookings: z
    .array(
      z.object({
        minute: z.number().int().nullable(),
        injuryTime: z.number().int().nullish(),
        team: teamRef,
        player: person,
        card: z.enum(['YELLOW', 'YELLOW_RED', 'RED']),
      }),
    )
    .nullish(),
  substitutions: z
    .array(
      z.object({
        minute: z.number().int().nullable(),
        injuryTime: z.number().int().nullish(),
        team: teamRef,
        playerOut: person,
        playerIn: person,
      }),
    )
    .nullish(),
});
type Match = z.infer<typeof match>;

const matchList = z.object({ matches: z.array(match) });

const standings = z.object({
  standings: z.array(
    z.object({
      stage: nullableText,
      type: z.string(),
      group: nullableText,
      table: z.array(
        z.object({
          position: z.number().int(),
          team,
          playedGames: z.number().int(),
          form: nullableText,
          won: z.number().int(),
          draw: z.number().int(),
          lost: z.number().int(),
          points: z.number().int(),
          goalsFor: z.number().int(),
          goalsAgainst: z.number().int(),
        }),
      ),
    }),
  ),
});

export function createFootballDataProvider(token: string, options: ProviderHttpOptions): FootballProvider {
  const headers = { 'X-Auth-Token': token };
  const get = <S extends z.ZodType>(path: string, schema: S, meter: Meter) =>
    getJson({
      provider: 'football-data',
      options,
      path,
      headers,
      schema,
      meter,
      // Without Retry-After, the counter's own reset is the wait.
      defaultRetryMs: (h) => (headerNumber(h, 'x-requestcounter-reset') ?? 60) * 1000,
    });
  const answer = <T>(data: T, meter: Meter, h: Headers): ProviderAnswer<T> => ({
    data,
    cost: meter.cost,
    quota: quotaOf(h),
  });

  return {
    name: 'football-data',
    async fixtures(followed: FollowedCompetition) {
      const meter = { cost: 0 };
      const { body, headers: h } = await get(
        `v4/competitions/${encodeURIComponent(followed.competition)}/matches?season=${followed.season}`,
        matchList,
        meter,
      );
      return answer(fixturesOf(body.matches, followed.season), meter, h);
    },
    async liveFixtures() {
      const meter = { cost: 0 };
      const { body, headers: h } = await get('v4/matches?status=LIVE', matchList, meter);
      return answer(fixturesOf(body.matches), meter, h);
    },
    async fixtureDetails(providerId) {
      const meter = { cost: 0 };
      const { body, headers: h } = await get(`v4/matches/${encodeURIComponent(providerId)}`, match, meter);
      const fixture = toFixture(body);
      if (!fixture) {
        throw new ProviderError({
          provider: 'football-data',
          kind: 'refused',
          message: `match ${providerId} has no teams yet`,
          cost: meter.cost,
        });
      }
      return answer({ fixture, events: eventsOf(body), lineups: lineupsOf(body) }, meter, h);
    },
    async standings(followed) {
      const meter = { cost: 0 };
      const { body, headers: h } = await get(
        `v4/competitions/${encodeURIComponent(followed.competition)}/standings?season=${followed.season}`,
        standings,
        meter,
      );
      const rows: ProviderStandingRow[] = [];
      // TOTAL is the table; HOME and AWAY are its halves.
      for (const table of body.standings.filter((s) => s.type === 'TOTAL')) {
        for (const row of table.table) {
          const t = toTeam(row.team);
          if (!t) continue;
          rows.push({
            group: table.group ?? null,
            position: row.position,
            team: t,
            played: row.playedGames,
            won: row.won,
            drawn: row.draw,
            lost: row.lost,
            goalsFor: row.goalsFor,
            goalsAgainst: row.goalsAgainst,
            points: row.points,
            form: row.form ?? null,
          });
        }
      }
      return answer(rows, meter, h);
    },
  };
}

function quotaOf(headers: Headers): ProviderQuota {
  return {
    minuteRemaining: headerNumber(headers, 'x-requests-available-minute'),
    resetSeconds: headerNumber(headers, 'x-requestcounter-reset'),
  };
}

function toTeam(t: z.infer<typeof team>): ProviderTeam | null {
  if (t.id === null || !t.name) return null;
  return { providerId: String(t.id), name: t.name, shortName: t.shortName ?? null, crest: t.crest ?? null };
}

function toPair(p: z.infer<typeof pair> | null | undefined): ScorePair | null {
  return p && p.home !== null && p.away !== null ? { home: p.home, away: p.away } : null;
}

function add(a: ScorePair | null, b: ScorePair | null): ScorePair | null {
  if (!a) return b;
  if (!b) return a;
  return { home: a.home + b.home, away: a.away + b.away };
}

/** Fixtures whose two teams are known (a cup's later rounds list "TBD" sides until drawn). */
function fixturesOf(matches: Match[], season?: number): ProviderFixture[] {
  return matches.flatMap((m) => {
    const fixture = toFixture(m, season);
    return fixture ? [fixture] : [];
  });
}

function toFixture(m: Match, season?: number): ProviderFixture | null {
  const home = toTeam(m.homeTeam);
  const away = toTeam(m.awayTeam);
  if (!home || !away) return null;
  // v4's fullTime of a match that went to extra time or penalties counts the shoot-out too; regularTime and
  // extraTime are then given apart, and the score of play is their sum.
  const extraTime = toPair(m.score.extraTime);
  const penalties = toPair(m.score.penalties);
  const regular = toPair(m.score.regularTime);
  const fullTime = regular ? add(regular, extraTime) : toPair(m.score.fullTime);
  const startYear = m.season.startDate ? Number(m.season.startDate.slice(0, 4)) : undefined;
  return {
    providerId: String(m.id),
    competition: {
      // The code (PL, CL) is what FOOTBALL_COMPETITIONS names and what the competition is known by here.
      providerId: m.competition.code ?? String(m.competition.id),
      name: m.competition.name,
      code: m.competition.code ?? null,
      emblem: m.competition.emblem ?? null,
    },
    season: season ?? startYear ?? new Date(m.utcDate).getUTCFullYear(),
    kickoff: new Date(m.utcDate),
    venue: m.venue ?? null,
    round: m.matchday != null ? String(m.matchday) : (m.stage ?? null),
    status: STATUS[m.status]!,
    providerStatus: m.status,
    minute: toInt(m.minute),
    addedMinute: m.injuryTime ?? null,
    home,
    away,
    score: { fullTime, halfTime: toPair(m.score.halfTime), extraTime, penalties },
  };
}

function eventsOf(m: Match): ProviderEvent[] {
  const homeId = m.homeTeam.id;
  const sideOf = (t: { id?: number | null } | null | undefined): Side => (t?.id === homeId ? 'home' : 'away');
  const events: ProviderEvent[] = [];
  const key = (parts: (string | number | null | undefined)[]) => `fd:${parts.map((p) => p ?? '').join(':')}`;
  for (const g of m.goals ?? []) {
    const kind = g.type === 'OWN' ? 'own_goal' : g.type === 'PENALTY' ? 'penalty_goal' : 'goal';
    const minute = g.minute ?? 0;
    events.push({
      key: key([kind, minute, g.injuryTime, g.team?.id, g.scorer?.id ?? g.scorer?.name]),
      kind,
      minute,
      addedMinute: g.injuryTime ?? null,
      side: sideOf(g.team),
      player: g.scorer?.name ?? null,
      secondPlayer: g.assist?.name ?? null,
      detail: g.type ?? null,
    });
  }
  for (const b of m.bookings ?? []) {
    const kind = b.card === 'YELLOW' ? 'yellow' : b.card === 'YELLOW_RED' ? 'second_yellow' : 'red';
    const minute = b.minute ?? 0;
    events.push({
      key: key([kind, minute, b.injuryTime, b.team?.id, b.player?.id ?? b.player?.name]),
      kind,
      minute,
      addedMinute: b.injuryTime ?? null,
      side: sideOf(b.team),
      player: b.player?.name ?? null,
      secondPlayer: null,
      detail: b.card,
    });
  }
  for (const s of m.substitutions ?? []) {
    const minute = s.minute ?? 0;
    events.push({
      key: key(['substitution', minute, s.injuryTime, s.team?.id, s.playerIn?.id ?? s.playerIn?.name]),
      kind: 'substitution',
      minute,
      addedMinute: s.injuryTime ?? null,
      side: sideOf(s.team),
      player: s.playerIn?.name ?? null,
      secondPlayer: s.playerOut?.name ?? null,
      detail: null,
    });
  }
  events.sort((a, b) => a.minute - b.minute || (a.addedMinute ?? 0) - (b.addedMinute ?? 0));
  return uniqueKeys(events);
}

function lineupsOf(m: Match): ProviderLineup[] | null {
  const lineups: ProviderLineup[] = [];
  const player = (p: z.infer<typeof lineupPlayer>): LineupPlayer => ({
    name: p.name,
    number: p.shirtNumber ?? null,
    position: p.position ?? null,
  });
  for (const [side, t] of [
    ['home', m.homeTeam],
    ['away', m.awayTeam],
  ] as const) {
    if (!t.lineup?.length) continue;
    lineups.push({
      side,
      formation: t.formation ?? null,
      coach: t.coach?.name ?? null,
      starting: t.lineup.map(player),
      bench: (t.bench ?? []).map(player),
    });
  }
  return lineups.length ? lineups : null;
}
