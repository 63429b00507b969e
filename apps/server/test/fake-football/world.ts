/**
 * What the fake providers know: competitions, teams and matches in one neutral form, which each fake renders in its
 * provider's documented JSON. A test changes the world (a goal, a VAR decision, a postponement) and polls again.
 */

/** The neutral status of a fake match; each fake words it as its provider does. */
export type FakeStatus =
  | 'scheduled'
  | 'first_half'
  | 'half_time'
  | 'second_half'
  | 'extra_time'
  | 'finished'
  | 'finished_aet'
  | 'finished_pen'
  | 'postponed'
  | 'cancelled'
  | 'abandoned';

export type FakeTeam = { id: number; name: string; shortName: string; crest: string };

export type FakeEvent = {
  type: 'goal' | 'own_goal' | 'penalty' | 'missed_penalty' | 'yellow' | 'second_yellow' | 'red' | 'sub' | 'var';
  minute: number;
  extra?: number;
  side: 'home' | 'away';
  player: string;
  playerId: number;
  /** The assist, or the player going off. */
  second?: string;
  /** A VAR decision's words ("Goal cancelled", "Penalty confirmed"). */
  detail?: string;
};

export type FakeMatch = {
  id: number;
  competition: string;
  season: number;
  round: number;
  kickoff: string;
  venue: string;
  status: FakeStatus;
  minute: number | null;
  extra: number | null;
  home: FakeTeam;
  away: FakeTeam;
  halfTime: [number, number] | null;
  /** The score of play (extra time included). */
  score: [number, number] | null;
  extraTime: [number, number] | null;
  penalties: [number, number] | null;
  events: FakeEvent[];
  lineups: boolean;
};

export type FakeCompetition = {
  /** football-data's code (e.g. "GEO"); API-Football's league id is `leagueId`. */
  code: string;
  leagueId: number;
  footballDataId: number;
  name: string;
  season: number;
};

export const TEAMS = {
  dinamo: { id: 1001, name: 'FC Dinamo Tbilisi', shortName: 'Dinamo', crest: 'https://crests.example/1001.png' },
  torpedo: { id: 1002, name: 'FC Torpedo Kutaisi', shortName: 'Torpedo', crest: 'https://crests.example/1002.png' },
  dila: { id: 1003, name: 'FC Dila Gori', shortName: 'Dila', crest: 'https://crests.example/1003.png' },
  saburtalo: { id: 1004, name: 'FC Iberia 1999', shortName: 'Iberia', crest: 'https://crests.example/1004.png' },
} satisfies Record<string, FakeTeam>;

export const LEAGUE: FakeCompetition = {
  code: 'GEO',
  leagueId: 327,
  footballDataId: 9327,
  name: 'Erovnuli Liga',
  season: 2026,
};

export type World = { competitions: FakeCompetition[]; matches: FakeMatch[] };

export function match(overrides: Partial<FakeMatch> & Pick<FakeMatch, 'id' | 'home' | 'away' | 'kickoff'>): FakeMatch {
  return {
    competition: LEAGUE.code,
    season: LEAGUE.season,
    round: 1,
    venue: 'Boris Paichadze Dinamo Arena',
    status: 'scheduled',
    minute: null,
    extra: null,
    halfTime: null,
    score: null,
    extraTime: null,
    penalties: null,
    events: [],
    lineups: false,
    ...overrides,
  };
}

/** Dinamo – Torpedo kicking off at `kickoff`, and Dila – Iberia a week later: the league of most tests. */
export function leagueWorld(kickoff: Date): World {
  const later = new Date(kickoff.getTime() + 7 * 86_400_000);
  return {
    competitions: [LEAGUE],
    matches: [
      match({ id: 5001, home: TEAMS.dinamo, away: TEAMS.torpedo, kickoff: kickoff.toISOString(), lineups: true }),
      match({
        id: 5002,
        round: 2,
        home: TEAMS.dila,
        away: TEAMS.saburtalo,
        kickoff: later.toISOString(),
        venue: 'Tengiz Burjanadze Stadium',
      }),
    ],
  };
}

/**
 * The steps of a live match as the tests play it: kick-off, a Dinamo goal, the goal cancelled by VAR, a Torpedo
 * yellow, half-time, a second half with a goal that stands, full time.
 */
export const progression: Record<string, (m: FakeMatch) => void> = {
  kickoff(m) {
    Object.assign(m, { status: 'first_half', minute: 1, score: [0, 0] });
  },
  goal(m) {
    m.minute = 23;
    m.score = [1, 0];
    m.events.push({
      type: 'goal',
      minute: 23,
      side: 'home',
      player: 'B. Kvaratskhelia',
      playerId: 71,
      second: 'G. Kiteishvili',
    });
  },
  goalCancelledByVar(m) {
    m.minute = 26;
    m.score = [0, 0];
    m.events = m.events.filter((e) => !(e.type === 'goal' && e.minute === 23));
    m.events.push({
      type: 'var',
      minute: 25,
      side: 'home',
      player: 'B. Kvaratskhelia',
      playerId: 71,
      detail: 'Goal cancelled',
    });
  },
  booking(m) {
    m.minute = 38;
    m.events.push({ type: 'yellow', minute: 38, side: 'away', player: 'L. Shengelia', playerId: 82 });
  },
  halfTime(m) {
    Object.assign(m, { status: 'half_time', minute: 45, extra: 2, halfTime: [0, 0] });
  },
  secondHalfGoal(m) {
    Object.assign(m, { status: 'second_half', minute: 67, extra: null, score: [0, 1] });
    m.events.push({ type: 'goal', minute: 67, side: 'away', player: 'N. Gvilia', playerId: 83 });
  },
  fullTime(m) {
    Object.assign(m, { status: 'finished', minute: 90, extra: 4 });
  },
};
