import { z } from 'zod';
import { INT_ID_MAX } from '../constants.js';

/**
 * Matchday (decision 022): competitions, seasons, teams mapped to clubs, fixtures with their live state, events,
 * lineups, standings; the administrators' fixture editor and live console; match threads.
 */

export const FIXTURE_STATUSES = [
  'scheduled',
  'live',
  'half_time',
  'finished',
  'postponed',
  'cancelled',
  'abandoned',
] as const;
export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];

/**
 * What happened in a match. `side` is the team of the player named: an own goal counts for the other side. A
 * `var` event with `disallowsEventId` cancels that goal (the goal stays in the timeline with `cancelled: true`).
 */
export const MATCH_EVENT_KINDS = [
  'goal',
  'own_goal',
  'penalty_goal',
  'missed_penalty',
  'yellow',
  'second_yellow',
  'red',
  'substitution',
  'var',
] as const;
export type MatchEventKind = (typeof MATCH_EVENT_KINDS)[number];
export const SCORING_EVENT_KINDS: readonly MatchEventKind[] = ['goal', 'own_goal', 'penalty_goal'];

export const MATCH_SIDES = ['home', 'away'] as const;
export type MatchSide = (typeof MATCH_SIDES)[number];

export const COMPETITION_KINDS = ['league', 'cup'] as const;
export type CompetitionKind = (typeof COMPETITION_KINDS)[number];

/** A match thread opens this long before kick-off and closes this long after full time (named settings). */
export const MATCH_THREAD_OPENS_HOURS_BEFORE = 48;
export const MATCH_THREAD_CLOSES_HOURS_AFTER = 24;
export const MATCH_LIST_PAGE_SIZE = 20;
/** Spoiler mode: a match a fan holds "until I've watched" shows them no score for this long, unless revealed. */
export const MATCH_SPOILER_HOURS = 48;
export const MATCH_THREAD_PAGE_SIZE = 20;

/**
 * Where a match's thread stands: `not_open` before it opens, `pre_match` from then to kick-off, `live` while the
 * match is on, `post_match` after full time until it closes, `closed` after that (or for a cancelled match).
 */
export const THREAD_PHASES = ['not_open', 'pre_match', 'live', 'post_match', 'closed'] as const;
export type ThreadPhase = (typeof THREAD_PHASES)[number];

const intId = (message: string) => z.coerce.number().int().positive().max(INT_ID_MAX, message);
export const matchIdParams = z.object({ matchId: z.uuid('Match not found') });
export const competitionIdParams = z.object({ competitionId: intId('Competition not found') });
export const teamIdParams = z.object({ teamId: intId('Team not found') });

export const badgeColoursSchema = z.object({ background: z.string(), foreground: z.string(), border: z.string() });

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameKa: z.string().nullable(),
  shortName: z.string(),
  crestUrl: z.string().nullable(),
  /** The Burti club this team is, or null (a team without fans here). */
  clubId: z.number().int().nullable(),
  /** Badge colours (the club's scheme when the team has a club; a neutral one otherwise). */
  badge: badgeColoursSchema,
});
export type Team = z.infer<typeof teamSchema>;

export const scoreSchema = z.object({ home: z.number().int().min(0), away: z.number().int().min(0) });
export type Score = z.infer<typeof scoreSchema>;

export const competitionRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameKa: z.string().nullable(),
  kind: z.enum(COMPETITION_KINDS),
});

/**
 * A fixture's state: what a live update carries. `score` is null before kick-off; `minute` only while it is on.
 * `version` grows with every change: a client keeps the state with the highest version it has seen.
 */
export const matchStateSchema = z.object({
  id: z.string(),
  status: z.enum(FIXTURE_STATUSES),
  minute: z.number().int().nullable(),
  addedMinute: z.number().int().nullable(),
  score: scoreSchema.nullable(),
  halfTimeScore: scoreSchema.nullable(),
  extraTimeScore: scoreSchema.nullable(),
  penalties: scoreSchema.nullable(),
  /** ISO 8601 in UTC; the web shows it in the fan's time zone. */
  kickoffAt: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  /**
   * True when the viewer holds this match in spoiler mode: every score above is null (and the match page's timeline
   * empty) until they reveal it or MATCH_SPOILER_HOURS pass. Left out of the live events sent to every watcher.
   */
  spoilerHidden: z.boolean().optional(),
});
export type MatchState = z.infer<typeof matchStateSchema>;

/** A fixture on a card or in a list. */
export const matchSummarySchema = matchStateSchema.extend({
  competition: competitionRefSchema,
  season: z.object({ id: z.number().int(), label: z.string() }),
  round: z.string().nullable(),
  venue: z.string().nullable(),
  home: teamSchema,
  away: teamSchema,
});
export type MatchSummary = z.infer<typeof matchSummarySchema>;

export const matchEventSchema = z.object({
  id: z.string(),
  kind: z.enum(MATCH_EVENT_KINDS),
  minute: z.number().int().nullable(),
  addedMinute: z.number().int().nullable(),
  side: z.enum(MATCH_SIDES),
  player: z.string().nullable(),
  /** The assist of a goal, the player coming on in a substitution. */
  secondPlayer: z.string().nullable(),
  detail: z.string().nullable(),
  /** A `var` event's disallowed goal. */
  disallowsEventId: z.string().nullable(),
  /** Set when a VAR decision disallowed it: shown struck through, not counted. */
  cancelled: z.boolean(),
  createdAt: z.string(),
});
export type MatchEvent = z.infer<typeof matchEventSchema>;

export const lineupPlayerSchema = z.object({
  name: z.string(),
  number: z.number().int().nullable(),
  position: z.string().nullable(),
  starter: z.boolean(),
});
export type LineupPlayer = z.infer<typeof lineupPlayerSchema>;
export const lineupsSchema = z.object({ home: z.array(lineupPlayerSchema), away: z.array(lineupPlayerSchema) });

export const matchThreadSchema = z.object({
  phase: z.enum(THREAD_PHASES),
  opensAt: z.string(),
  /** Null while the match has not ended. */
  closesAt: z.string().nullable(),
});

/** The match page: the summary, the timeline (oldest first), lineups when known, the thread's phase. */
export const matchDetailSchema = matchSummarySchema.extend({
  events: z.array(matchEventSchema),
  lineups: lineupsSchema.nullable(),
  thread: matchThreadSchema,
  /** An administrator's edits win over provider updates until released. */
  handLocked: z.boolean(),
});
export type MatchDetail = z.infer<typeof matchDetailSchema>;
export const matchResponse = z.object({ match: matchDetailSchema });
/** The matches the viewer holds in spoiler mode now (held less than MATCH_SPOILER_HOURS ago). */
export const spoilerHoldsResponse = z.object({ matchIds: z.array(z.string()) });
export type MatchResponse = z.infer<typeof matchResponse>;

export const clubMatchesQuery = z.object({
  kind: z.enum(['upcoming', 'results']).default('upcoming'),
  cursor: z.string().max(200).optional(),
});
export const matchPageSchema = z.object({ matches: z.array(matchSummarySchema), nextCursor: z.string().nullable() });
export type MatchPage = z.infer<typeof matchPageSchema>;
export const nextMatchResponse = z.object({ match: matchSummarySchema.nullable() });
export type NextMatchResponse = z.infer<typeof nextMatchResponse>;

export const seasonSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
});
export type Season = z.infer<typeof seasonSchema>;
export const competitionSchema = competitionRefSchema.extend({
  country: z.string(),
  /** Null for a competition entered by hand. */
  provider: z.string().nullable(),
  seasons: z.array(seasonSchema),
});
export type Competition = z.infer<typeof competitionSchema>;
export const competitionListResponse = z.object({ competitions: z.array(competitionSchema) });
export const competitionResponse = z.object({ competition: competitionSchema });

export const standingsQuery = z.object({ season: z.string().trim().min(1).max(40).optional() });
export const standingRowSchema = z.object({
  position: z.number().int(),
  team: teamSchema,
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  goalDifference: z.number().int(),
  points: z.number().int(),
});
export type StandingRow = z.infer<typeof standingRowSchema>;
export const standingsResponse = z.object({
  competition: competitionRefSchema,
  season: seasonSchema,
  rows: z.array(standingRowSchema),
});
export type StandingsResponse = z.infer<typeof standingsResponse>;

export const teamListResponse = z.object({ teams: z.array(teamSchema) });
export const teamResponse = z.object({ team: teamSchema });

// --- administrators' input ------------------------------------------------------------------------------------------

const name = z.string().trim().min(1).max(100);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : value === undefined ? undefined : null));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
const instant = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 time with its offset.' });
const goals = z.number().int().min(0).max(99);
const minute = z.number().int().min(0).max(150);
const added = z.number().int().min(0).max(30);

export const createCompetitionInput = z
  .object({ name, nameKa: optionalText(100), country: name, kind: z.enum(COMPETITION_KINDS).default('league') })
  .strict();
export const updateCompetitionInput = z
  .object({
    name: name.optional(),
    nameKa: optionalText(100),
    country: name.optional(),
    kind: z.enum(COMPETITION_KINDS).optional(),
  })
  .strict();
export const createSeasonInput = z
  .object({
    label: z.string().trim().min(1).max(40),
    startsOn: isoDate.nullable().optional(),
    endsOn: isoDate.nullable().optional(),
  })
  .strict();

export const createTeamInput = z
  .object({
    name,
    nameKa: optionalText(100),
    shortName: z.string().trim().min(1).max(20),
    crestUrl: optionalText(2048),
    clubId: z.number().int().positive().max(INT_ID_MAX).nullable().optional(),
  })
  .strict();
export const updateTeamInput = createTeamInput.partial().strict();

export const createMatchInput = z
  .object({
    competitionId: z.number().int().positive().max(INT_ID_MAX),
    seasonId: z.number().int().positive().max(INT_ID_MAX),
    round: optionalText(60),
    homeTeamId: z.number().int().positive().max(INT_ID_MAX),
    awayTeamId: z.number().int().positive().max(INT_ID_MAX),
    kickoffAt: instant,
    venue: optionalText(120),
  })
  .strict();
/** A fixture's details; `status` moves it off the calendar (postponed, cancelled, abandoned) or back (scheduled). */
export const updateMatchInput = z
  .object({
    round: optionalText(60),
    homeTeamId: z.number().int().positive().max(INT_ID_MAX).optional(),
    awayTeamId: z.number().int().positive().max(INT_ID_MAX).optional(),
    kickoffAt: instant.optional(),
    venue: optionalText(120),
    status: z.enum(['scheduled', 'postponed', 'cancelled', 'abandoned']).optional(),
  })
  .strict();
/** A final result entered or corrected by hand: the match is finished and the table follows. */
export const setResultInput = z
  .object({
    score: z.object({ home: goals, away: goals }),
    halfTimeScore: z.object({ home: goals, away: goals }).nullable().optional(),
    extraTimeScore: z.object({ home: goals, away: goals }).nullable().optional(),
    penalties: z.object({ home: goals, away: goals }).nullable().optional(),
  })
  .strict();

/** The live console's clock: start (kick-off), half-time, second half, full time. */
export const MATCH_PHASES = ['start', 'half_time', 'second_half', 'full_time'] as const;
export type MatchPhase = (typeof MATCH_PHASES)[number];
export const matchPhaseInput = z.object({ phase: z.enum(MATCH_PHASES) }).strict();
export const matchMinuteInput = z.object({ minute, addedMinute: added.nullable().optional() }).strict();
export const addMatchEventInput = z
  .object({
    kind: z.enum(MATCH_EVENT_KINDS),
    side: z.enum(MATCH_SIDES),
    /** Left out: the match's current minute. */
    minute: minute.optional(),
    addedMinute: added.nullable().optional(),
    player: optionalText(80),
    secondPlayer: optionalText(80),
    detail: optionalText(200),
    /** For a `var` event: the goal it disallows. */
    disallowsEventId: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  })
  .strict();
export type AddMatchEventInput = z.input<typeof addMatchEventInput>;
export const lineupsInput = z
  .object({
    home: z
      .array(
        z.object({
          name: z.string().trim().min(1).max(80),
          number: z.number().int().min(0).max(99).nullable().optional(),
          position: optionalText(20),
          starter: z.boolean(),
        }),
      )
      .max(40),
    away: z
      .array(
        z.object({
          name: z.string().trim().min(1).max(80),
          number: z.number().int().min(0).max(99).nullable().optional(),
          position: optionalText(20),
          starter: z.boolean(),
        }),
      )
      .max(40),
  })
  .strict();

// --- live ------------------------------------------------------------------------------------------------------------

/**
 * What a match's stream (`GET /api/matches/:matchId/stream`) sends, as the `data:` of SSE events named by `kind`:
 * `match` once on connect and after every change (the new state, the event the change added, cancelled or
 * removed, if any); `thread_post` when a post arrives in the thread (the page shows "N new posts").
 */
export const matchChangeSchema = z.enum([
  'phase',
  'minute',
  'event_added',
  'event_cancelled',
  'event_removed',
  'edit',
  'result',
]);
export const matchLiveEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('match'),
    match: matchStateSchema,
    change: matchChangeSchema.nullable(),
    event: matchEventSchema.nullable(),
  }),
  z.object({ kind: z.literal('thread_post'), matchId: z.string(), postId: z.string(), clubId: z.number().int() }),
]);
export type MatchLiveEvent = z.infer<typeof matchLiveEventSchema>;
