/**
 * The one interface every football data provider is read through, and the normalized shapes it answers with.
 * An adapter (football-data.ts, api-football.ts) turns its provider's documented JSON into these shapes after
 * validating it; the sync (../sync) writes only these shapes and never sees a provider's own JSON.
 */

export type ProviderName = 'football-data' | 'api-football';
export const PROVIDER_NAMES: readonly ProviderName[] = ['football-data', 'api-football'];

export type MatchStatus = 'scheduled' | 'live' | 'half_time' | 'finished' | 'postponed' | 'cancelled' | 'abandoned';

export type MatchEventKind =
  'goal' | 'own_goal' | 'penalty_goal' | 'missed_penalty' | 'yellow' | 'second_yellow' | 'red' | 'substitution' | 'var';

export type Side = 'home' | 'away';

/** A pair of goals; null where the provider does not (yet) know it. */
export type ScorePair = { home: number; away: number };

export type Score = {
  /** At the end of play, extra time included, the shoot-out not (the live score while a match is on). */
  fullTime: ScorePair | null;
  halfTime: ScorePair | null;
  /** The goals of extra time alone. */
  extraTime: ScorePair | null;
  /** The penalty shoot-out. */
  penalties: ScorePair | null;
};

export type ProviderCompetition = { providerId: string; name: string; code: string | null; emblem: string | null };

export type ProviderTeam = { providerId: string; name: string; shortName: string | null; crest: string | null };

export type ProviderFixture = {
  providerId: string;
  competition: ProviderCompetition;
  /** The year the season starts in (2025 for 2025/26; the calendar year for a spring-autumn league). */
  season: number;
  kickoff: Date;
  venue: string | null;
  /** "Regular Season - 12", "12", "QUARTER_FINALS", as the provider words it. */
  round: string | null;
  status: MatchStatus;
  /** The provider's own status word, kept for the admin screen and logs. */
  providerStatus: string;
  minute: number | null;
  addedMinute: number | null;
  home: ProviderTeam;
  away: ProviderTeam;
  score: Score;
};

export type ProviderEvent = {
  /**
   * Stable across polls for the same happening: built from what the event is (kind, minute, team, player), never
   * from its place in the list, so an event inserted before it or one removed (a goal cancelled by VAR) leaves the
   * others' keys alone. The same happening twice in one minute gets `#2`.
   */
  key: string;
  kind: MatchEventKind;
  minute: number;
  addedMinute: number | null;
  side: Side;
  /** The scorer, the booked player, the player coming on. */
  player: string | null;
  /** The assist, the player going off. */
  secondPlayer: string | null;
  /** The provider's own words ("Goal cancelled", "Penalty confirmed"), mostly for VAR decisions. */
  detail: string | null;
};

export type LineupPlayer = { name: string; number: number | null; position: string | null };

export type ProviderLineup = {
  side: Side;
  formation: string | null;
  coach: string | null;
  starting: LineupPlayer[];
  bench: LineupPlayer[];
};

export type ProviderFixtureDetails = {
  fixture: ProviderFixture;
  /** Every event the provider lists now: one it no longer lists has been withdrawn. */
  events: ProviderEvent[];
  /** Null when not asked for or not known yet. */
  lineups: ProviderLineup[] | null;
};

export type ProviderStandingRow = {
  /** The group of a competition played in groups, else null. */
  group: string | null;
  position: number;
  team: ProviderTeam;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  form: string | null;
};

/** What the provider said about its own limits in its answer's headers, where it says it. */
export type ProviderQuota = {
  minuteRemaining?: number;
  dayRemaining?: number;
  /** Seconds until the provider's per-minute counter starts again. */
  resetSeconds?: number;
};

/** Every call says how many requests it cost, so the budget is kept by what was really spent. */
export type ProviderAnswer<T> = { data: T; cost: number; quota: ProviderQuota };

/** A competition to follow in one season, in the provider's own terms (a code like PL, or a league id). */
export type FollowedCompetition = { provider: ProviderName; competition: string; season: number };

export interface FootballProvider {
  readonly name: ProviderName;
  /** Every fixture of the competition's season. */
  fixtures(competition: FollowedCompetition): Promise<ProviderAnswer<ProviderFixture[]>>;
  /** Every fixture being played now (of any competition the account covers). */
  liveFixtures(): Promise<ProviderAnswer<ProviderFixture[]>>;
  /** One fixture with its events, and its lineups when asked. */
  fixtureDetails(providerId: string, options?: { lineups?: boolean }): Promise<ProviderAnswer<ProviderFixtureDetails>>;
  standings(competition: FollowedCompetition): Promise<ProviderAnswer<ProviderStandingRow[]>>;
}

/**
 * Asked before every request a provider sends: throws (a `budget` ProviderError) when the budget of the minute or
 * the day is spent or the provider asked us to wait, so the request is never sent.
 */
export type RequestGate = (provider: ProviderName) => Promise<void>;

export type ProviderErrorKind =
  /** 429, or the provider's own "too many requests" in a 200 answer: wait `retryAfterMs`. */
  | 'rate_limited'
  /** 5xx, a timeout or no connection: the provider is away for now. */
  | 'outage'
  /** Not JSON, or JSON of another shape than documented: refused, nothing written. */
  | 'malformed'
  /** 401/403, or the key refused in an answer: the setting is wrong. */
  | 'unauthorized'
  /** Any other refusal (404, the provider's `errors` about the request). */
  | 'refused'
  /** Our own budget said no before anything was sent. */
  | 'budget';

export class ProviderError extends Error {
  readonly provider: ProviderName;
  readonly kind: ProviderErrorKind;
  /** Requests spent before the call failed (a request that reached the provider counts). */
  readonly cost: number;
  readonly retryAfterMs?: number;
  readonly status?: number;
  constructor(args: {
    provider: ProviderName;
    kind: ProviderErrorKind;
    message: string;
    cost?: number;
    retryAfterMs?: number;
    status?: number;
  }) {
    super(args.message);
    this.name = 'ProviderError';
    this.provider = args.provider;
    this.kind = args.kind;
    this.cost = args.cost ?? 0;
    this.retryAfterMs = args.retryAfterMs;
    this.status = args.status;
  }
}

/** Gives each key seen more than once in a list a `#n` suffix, in list order, so keys stay unique and stable. */
export function uniqueKeys<T extends { key: string }>(events: T[]): T[] {
  const seen = new Map<string, number>();
  return events.map((event) => {
    const count = (seen.get(event.key) ?? 0) + 1;
    seen.set(event.key, count);
    return count === 1 ? event : { ...event, key: `${event.key}#${count}` };
  });
}
