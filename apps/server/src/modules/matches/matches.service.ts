import {
  badgeSchemeFor,
  MATCH_LIST_PAGE_SIZE,
  MATCH_THREAD_CLOSES_HOURS_AFTER,
  MATCH_THREAD_OPENS_HOURS_BEFORE,
  MATCH_THREAD_PAGE_SIZE,
  SCORING_EVENT_KINDS,
  type AuditAction,
  type Competition,
  type MatchDetail,
  type MatchEvent,
  type MatchEventKind,
  type MatchLiveEvent,
  type MatchPage,
  type MatchPhase,
  type MatchSide,
  type MatchState,
  type MatchSummary,
  type PostPage,
  type Score,
  type StandingsResponse,
  type Team,
  type ThreadPhase,
} from '@burti/shared';
import type { Db, Executor, Tx } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/post-rows.js';
import { publishTopic, type Realtime } from '../../lib/realtime.js';
import type { Viewer } from '../../plugins/auth.js';
import type { AnswerRecorder } from '../../plugins/idempotency.js';
import { recordAudit } from '../admin/admin.service.js';
import { queueMatchAlerts } from '../match-alerts/match-alerts.service.js';
import * as q from './matches.queries.js';

const HOUR = 3_600_000;

/** The live topic of a match: its watchers' streams subscribe to it (decision 022). */
export const matchTopic = (matchId: string) => `match:${matchId}`;

// --- shaping -----------------------------------------------------------------------------------------------------

const score = (home: number | null, away: number | null): Score | null =>
  home === null || away === null ? null : { home, away };

function team(row: {
  id: number;
  name: string;
  nameKa: string | null;
  short: string;
  crest: string | null;
  clubId: number | null;
  clubName: string | null;
}): Team {
  return {
    id: row.id,
    name: row.name,
    nameKa: row.nameKa,
    shortName: row.short,
    crestUrl: row.crest,
    clubId: row.clubId,
    badge: badgeSchemeFor(row.clubName ?? row.name),
  };
}

function toState(row: q.MatchRow): MatchState {
  const live = row.status === 'live' || row.status === 'half_time';
  return {
    id: row.id,
    status: row.status,
    minute: live ? row.minute : null,
    addedMinute: live ? row.added_minute : null,
    score: score(row.score_home, row.score_away),
    halfTimeScore: score(row.ht_home, row.ht_away),
    extraTimeScore: score(row.et_home, row.et_away),
    penalties: score(row.pen_home, row.pen_away),
    kickoffAt: row.kickoff_at,
    version: Number(row.version),
    updatedAt: row.updated_at,
  };
}

function toSummary(row: q.MatchRow): MatchSummary {
  return {
    ...toState(row),
    competition: {
      id: row.competition_id,
      name: row.competition_name,
      nameKa: row.competition_name_ka,
      kind: row.competition_kind,
    },
    season: { id: row.season_id, label: row.season_label },
    round: row.round,
    venue: row.venue,
    home: team({
      id: row.home_id,
      name: row.home_name,
      nameKa: row.home_name_ka,
      short: row.home_short,
      crest: row.home_crest,
      clubId: row.home_club_id,
      clubName: row.home_club_name,
    }),
    away: team({
      id: row.away_id,
      name: row.away_name,
      nameKa: row.away_name_ka,
      short: row.away_short,
      crest: row.away_crest,
      clubId: row.away_club_id,
      clubName: row.away_club_name,
    }),
  };
}

function toEvent(row: q.EventRow): MatchEvent {
  return {
    id: String(row.id),
    kind: row.kind as MatchEventKind,
    minute: row.minute,
    addedMinute: row.added_minute,
    side: row.side,
    player: row.player,
    secondPlayer: row.second_player,
    detail: row.detail,
    disallowsEventId: row.disallows_event_id === null ? null : String(row.disallows_event_id),
    cancelled: row.cancelled,
    createdAt: row.created_at,
  };
}

/**
 * Where a match's thread stands at `now`: it opens MATCH_THREAD_OPENS_HOURS_BEFORE kick-off and closes
 * MATCH_THREAD_CLOSES_HOURS_AFTER the match ended (full time, a result, cancelled or abandoned).
 */
export function threadWindow(
  fixture: { status: MatchState['status']; kickoffAt: Date | string; finishedAt: Date | string | null },
  now = Date.now(),
): { phase: ThreadPhase; opensAt: string; closesAt: string | null } {
  const opens = new Date(fixture.kickoffAt).getTime() - MATCH_THREAD_OPENS_HOURS_BEFORE * HOUR;
  const closes =
    fixture.finishedAt === null
      ? null
      : new Date(fixture.finishedAt).getTime() + MATCH_THREAD_CLOSES_HOURS_AFTER * HOUR;
  const phase: ThreadPhase =
    now < opens
      ? 'not_open'
      : closes !== null
        ? now < closes
          ? 'post_match'
          : 'closed'
        : fixture.status === 'live' || fixture.status === 'half_time'
          ? 'live'
          : 'pre_match';
  return {
    phase,
    opensAt: new Date(opens).toISOString(),
    closesAt: closes === null ? null : new Date(closes).toISOString(),
  };
}

/**
 * What a fan holding the match in spoiler mode sees: no score of any period, and (on the match page) no timeline,
 * whose goals would tell it.
 */
export function hideScore<T extends MatchState>(match: T): T {
  return {
    ...match,
    score: null,
    halfTimeScore: null,
    extraTimeScore: null,
    penalties: null,
    spoilerHidden: true,
    ...('events' in match ? { events: [] } : {}),
  };
}

/** A page of matches as one fan sees it: those they hold in spoiler mode without their scores. */
async function forViewer(db: Executor, viewerId: string | undefined, matches: MatchSummary[]): Promise<MatchSummary[]> {
  if (viewerId === undefined || matches.length === 0) return matches;
  const held = await q.heldMatches(db, viewerId);
  return matches.map((match) => (held.has(match.id) ? hideScore(match) : { ...match, spoilerHidden: false }));
}

function toDetail(row: q.MatchDetailRow): MatchDetail {
  const lineups = row.lineups ?? [];
  const player = (l: q.LineupRow) => ({ name: l.player, number: l.number, position: l.position, starter: l.starter });
  return {
    ...toSummary(row),
    events: (row.events ?? []).map(toEvent),
    lineups:
      lineups.length === 0
        ? null
        : {
            home: lineups.filter((l) => l.side === 'home').map(player),
            away: lineups.filter((l) => l.side === 'away').map(player),
          },
    thread: threadWindow({ status: row.status, kickoffAt: row.kickoff_at, finishedAt: row.finished_at }),
    handLocked: row.hand_locked,
    spoilerHidden: false,
  };
}

// --- fans --------------------------------------------------------------------------------------------------------

/** The match page; for a `viewerId` who holds the match in spoiler mode, without its score. */
export async function getMatch({
  db,
  matchId,
  viewerId,
}: {
  db: Executor;
  matchId: string;
  viewerId?: string;
}): Promise<MatchDetail> {
  const row = await q.findMatchDetail(db, matchId, viewerId);
  if (!row) throw new AppError('MATCH_NOT_FOUND');
  const match = toDetail(row);
  return row.spoiler_hidden ? hideScore(match) : match;
}

/** A fan's own topic of spoiler holds: each hold and reveal, for their open streams of the match (decision 022). */
export const spoilerTopic = (userId: string) => `spoilers:${userId}`;

/** A hold or a reveal as the fan's spoiler topic carries it: when the hold lapses (ISO), or null for a reveal. */
type SpoilerChange = { matchId: string; heldUntil: string | null };

/** Spoiler mode on: the fan sees no score of the match until they reveal it or MATCH_SPOILER_HOURS pass. */
export async function holdSpoiler({ db, viewer, matchId }: { db: Db; viewer: Viewer; matchId: string }) {
  if (!(await q.matchExists(db, matchId))) throw new AppError('MATCH_NOT_FOUND');
  const heldUntil = await q.holdSpoiler(db, viewer.id, matchId);
  await publishTopic(db, spoilerTopic(viewer.id), 'spoiler', { matchId, heldUntil } satisfies SpoilerChange);
  return getMatch({ db, matchId, viewerId: viewer.id });
}

export async function revealSpoiler({ db, viewer, matchId }: { db: Db; viewer: Viewer; matchId: string }) {
  if (!(await q.matchExists(db, matchId))) throw new AppError('MATCH_NOT_FOUND');
  await q.revealSpoiler(db, viewer.id, matchId);
  await publishTopic(db, spoilerTopic(viewer.id), 'spoiler', { matchId, heldUntil: null } satisfies SpoilerChange);
  return getMatch({ db, matchId, viewerId: viewer.id });
}

/** The matches the fan holds in spoiler mode now (the web folds posts about them in every list). */
export async function spoilerHolds(db: Executor, viewerId: string): Promise<string[]> {
  return [...(await q.heldMatches(db, viewerId))];
}

/** One fan's view of a match's live events, for their open stream of it. */
export type MatchWatch = {
  /** The state the stream starts with. */
  first: MatchLiveEvent;
  /** A published event's text as this fan gets it: a `match` event of a held match without its score and event. */
  forViewer: (name: string, data: string) => string;
  /** The state as it is now, and the hold read again (the LISTEN connection came back: changes may be lost). */
  current: () => Promise<MatchLiveEvent>;
  stop: () => void;
};

/**
 * Opens a fan's watch of a match: its state, and whether they hold it in spoiler mode, kept per stream. The hold is
 * read when the stream opens (only when the state says held) and then follows the fan's own holds and reveals,
 * announced on their spoiler topic (any process, in NOTIFY order, so a hold answered before a goal is known before
 * that goal is forwarded), and lapses by its time. A goal sent to thousands of watchers costs no read per watcher.
 * The topic is listened to before the state is read, so a hold taken meanwhile is not missed.
 */
export async function watchMatch({
  db,
  realtime,
  matchId,
  viewerId,
}: {
  db: Executor;
  realtime: Realtime;
  matchId: string;
  viewerId: string;
}): Promise<MatchWatch> {
  let heldUntil: number | null = null;
  let changed = false;
  const stop = realtime.subscribeTopic(spoilerTopic(viewerId), (_name, data) => {
    const change = JSON.parse(data) as SpoilerChange;
    if (change.matchId !== matchId) return;
    changed = true;
    heldUntil = change.heldUntil === null ? null : Date.parse(change.heldUntil);
  });
  const read = async () => {
    changed = false;
    const event = await currentLiveEvent({ db, matchId, viewerId });
    const held = event.kind === 'match' && event.match.spoilerHidden === true;
    const until = held ? await q.spoilerHeldUntil(db, viewerId, matchId) : null;
    // A hold or a reveal announced while reading is newer than what was read.
    if (!changed) heldUntil = until;
    return event;
  };
  let first: MatchLiveEvent;
  try {
    first = await read();
  } catch (err) {
    stop();
    throw err;
  }
  return {
    first,
    forViewer(name, data) {
      if (name !== 'match' || heldUntil === null || Date.now() >= heldUntil) return data;
      const event = JSON.parse(data) as Extract<MatchLiveEvent, { kind: 'match' }>;
      return JSON.stringify({ ...event, match: hideScore(event.match), event: null });
    },
    current: read,
    stop,
  };
}

/** The live event a watcher's stream starts with (and gets again after the LISTEN connection came back). */
export async function currentLiveEvent({
  db,
  matchId,
  viewerId,
}: {
  db: Executor;
  matchId: string;
  viewerId?: string;
}): Promise<MatchLiveEvent> {
  const match = await getMatch({ db, matchId, viewerId });
  const state = stateOf(match);
  return {
    kind: 'match',
    match: match.spoilerHidden ? { ...state, spoilerHidden: true } : state,
    change: null,
    event: null,
  };
}

const stateOf = (match: MatchDetail): MatchState => ({
  id: match.id,
  status: match.status,
  minute: match.minute,
  addedMinute: match.addedMinute,
  score: match.score,
  halfTimeScore: match.halfTimeScore,
  extraTimeScore: match.extraTimeScore,
  penalties: match.penalties,
  kickoffAt: match.kickoffAt,
  version: match.version,
  updatedAt: match.updatedAt,
});

export async function clubMatches({
  db,
  clubId,
  kind,
  cursor,
  viewerId,
}: {
  db: Db;
  viewerId?: string;
  clubId: number;
  kind: 'upcoming' | 'results';
  cursor?: string;
}): Promise<MatchPage> {
  const limit = MATCH_LIST_PAGE_SIZE;
  const rows = await q.listClubMatches(db, { clubId, kind, cursor: decodeCursor(cursor), limit: limit + 1 });
  if (rows.length === 0 && !(await q.clubExists(db, clubId))) throw new AppError('CLUB_NOT_FOUND');
  const page = matchPage(rows, limit);
  return { ...page, matches: await forViewer(db, viewerId, page.matches) };
}

/** The administrators' list of every fixture, in the order of a club's list. */
export async function allMatches({
  db,
  kind,
  cursor,
}: {
  db: Db;
  kind: 'upcoming' | 'results';
  cursor?: string;
}): Promise<MatchPage> {
  const limit = MATCH_LIST_PAGE_SIZE;
  return matchPage(await q.listAllMatches(db, { kind, cursor: decodeCursor(cursor), limit: limit + 1 }), limit);
}

/** A page of `limit` from `limit + 1` rows: the extra row only says that there is another page. */
function matchPage(rows: q.MatchRow[], limit: number): MatchPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    matches: page.map(toSummary),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** The club's match on now, else its next one (a postponed one without a new date counts, by its old date). */
export async function nextMatch({
  db,
  clubId,
  viewerId,
}: {
  db: Db;
  clubId: number;
  viewerId?: string;
}): Promise<MatchSummary | null> {
  const rows = await q.listClubMatches(db, { clubId, kind: 'upcoming', cursor: null, limit: 4 });
  if (rows.length === 0) {
    if (!(await q.clubExists(db, clubId))) throw new AppError('CLUB_NOT_FOUND');
    return null;
  }
  const live = rows.find((row) => row.status === 'live' || row.status === 'half_time');
  const next = live ?? rows.find((row) => row.status === 'scheduled') ?? rows[0]!;
  const [shown] = await forViewer(db, viewerId, [toSummary(next)]);
  return shown!;
}

function toCompetition(row: q.CompetitionRow): Competition {
  return {
    id: row.id,
    name: row.name,
    nameKa: row.name_ka,
    kind: row.kind,
    country: row.country,
    provider: row.provider,
    seasons: (row.seasons ?? []).map((s) => ({ id: s.id, label: s.label, startsOn: s.starts_on, endsOn: s.ends_on })),
  };
}

export async function listCompetitions({ db }: { db: Db }): Promise<Competition[]> {
  return (await q.listCompetitions(db)).map(toCompetition);
}

export async function getStandings({
  db,
  competitionId,
  season,
}: {
  db: Db;
  competitionId: number;
  season?: string;
}): Promise<StandingsResponse> {
  const competition = await q.findCompetition(db, competitionId);
  if (!competition) throw new AppError('COMPETITION_NOT_FOUND');
  const found = await q.findSeason(db, competitionId, season);
  if (!found) throw new AppError('SEASON_NOT_FOUND');
  const rows = await q.listStandings(db, found.id);
  return {
    competition: { id: competition.id, name: competition.name, nameKa: competition.name_ka, kind: competition.kind },
    season: { id: found.id, label: found.label, startsOn: found.startsOn, endsOn: found.endsOn },
    rows: rows.map((row) => ({
      position: row.position,
      team: team({
        id: row.team_id,
        name: row.team_name,
        nameKa: row.team_name_ka,
        short: row.team_short,
        crest: row.team_crest,
        clubId: row.team_club_id,
        clubName: row.team_club_name,
      }),
      played: row.played,
      won: row.won,
      drawn: row.drawn,
      lost: row.lost,
      goalsFor: row.goals_for,
      goalsAgainst: row.goals_against,
      goalDifference: row.goals_for - row.goals_against,
      points: row.points,
    })),
  };
}

// --- match threads -----------------------------------------------------------------------------------------------

/**
 * Checks that the viewer may post in the match's thread now: the match exists, the viewer's club is one of its
 * two teams' clubs (both clubs' fans post in a derby's thread), and the thread is open.
 */
export async function assertCanPostInThread(db: Executor, viewer: Viewer, matchId: string): Promise<void> {
  const thread = await q.findThread(db, matchId, viewer.id);
  if (!thread) throw new AppError('MATCH_NOT_FOUND');
  const clubId = thread.viewer_club_id;
  if (clubId === null || (clubId !== thread.home_club_id && clubId !== thread.away_club_id)) {
    throw new AppError('THREAD_NOT_YOUR_MATCH');
  }
  const { phase } = threadWindow({
    status: thread.status,
    kickoffAt: thread.kickoff_at,
    finishedAt: thread.finished_at,
  });
  if (phase === 'not_open' || phase === 'closed') throw new AppError('THREAD_CLOSED');
}

/** Tells the thread's watchers a post arrived (after the post's transaction commits). */
export async function announceThreadPost(
  db: Executor,
  post: { matchId: string; postId: string; clubId: number },
): Promise<void> {
  const event: MatchLiveEvent = { kind: 'thread_post', ...post };
  await publishTopic(db, matchTopic(post.matchId), 'thread_post', event);
}

export async function threadPosts({
  db,
  viewer,
  matchId,
  cursor,
}: {
  db: Db;
  viewer: Viewer;
  matchId: string;
  cursor?: string;
}): Promise<PostPage> {
  const limit = MATCH_THREAD_PAGE_SIZE;
  const rows = await q.listThreadPosts(db, {
    viewerId: viewer.id,
    matchId,
    cursor: decodeCursor(cursor),
    limit: limit + 1,
  });
  if (rows.length === 0 && !(await q.matchExists(db, matchId))) throw new AppError('MATCH_NOT_FOUND');
  return toPage(rows, limit);
}

// --- administrators: competitions, seasons, teams ---------------------------------------------------------------

type AdminDeps = { db: Db; admin: Viewer };

async function audit(
  tx: Executor,
  admin: Viewer,
  action: AuditAction,
  targetType: string,
  targetId: string,
  details?: Record<string, unknown>,
) {
  await recordAudit(tx, admin, { action, targetType, targetId, note: null, details });
}

export async function createCompetition({
  db,
  admin,
  input,
}: AdminDeps & {
  input: { name: string; nameKa?: string | null; country: string; kind: 'league' | 'cup' };
}): Promise<Competition> {
  return db.transaction(async (tx) => {
    const id = await q.insertCompetition(tx, { ...input, nameKa: input.nameKa ?? null });
    await audit(tx, admin, 'competition_created', 'competition', String(id), { name: input.name });
    return toCompetition((await q.findCompetition(tx, id))!);
  });
}

export async function updateCompetition({
  db,
  admin,
  competitionId,
  input,
}: AdminDeps & {
  competitionId: number;
  input: { name?: string; nameKa?: string | null; country?: string; kind?: 'league' | 'cup' };
}): Promise<Competition> {
  return db.transaction(async (tx) => {
    const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    if (!(await q.updateCompetition(tx, competitionId, values))) throw new AppError('COMPETITION_NOT_FOUND');
    await audit(tx, admin, 'competition_updated', 'competition', String(competitionId), values);
    return toCompetition((await q.findCompetition(tx, competitionId))!);
  });
}

export async function createSeason({
  db,
  admin,
  competitionId,
  input,
}: AdminDeps & {
  competitionId: number;
  input: { label: string; startsOn?: string | null; endsOn?: string | null };
}): Promise<Competition> {
  return db.transaction(async (tx) => {
    if (!(await q.findCompetition(tx, competitionId))) throw new AppError('COMPETITION_NOT_FOUND');
    const added = await q.insertSeason(tx, {
      competitionId,
      label: input.label,
      startsOn: input.startsOn ?? null,
      endsOn: input.endsOn ?? null,
    });
    if (!added) throw new AppError('CONFLICT', 'This competition has a season of that name already.');
    await audit(tx, admin, 'season_created', 'competition', String(competitionId), { label: input.label });
    return toCompetition((await q.findCompetition(tx, competitionId))!);
  });
}

function toTeamOf(row: q.TeamDbRow): Team {
  return team({
    id: row.id,
    name: row.name,
    nameKa: row.name_ka,
    short: row.short_name,
    crest: row.crest_url,
    clubId: row.club_id,
    clubName: row.club_name,
  });
}

export async function listTeams({ db }: { db: Db }): Promise<Team[]> {
  return (await q.listTeams(db)).map(toTeamOf);
}

type TeamInput = {
  name?: string;
  nameKa?: string | null;
  shortName?: string;
  crestUrl?: string | null;
  clubId?: number | null;
};

async function assertClub(db: Executor, clubId: number | null | undefined) {
  if (clubId !== undefined && clubId !== null && !(await q.clubExists(db, clubId))) {
    throw new AppError('CLUB_NOT_FOUND');
  }
}

export async function createTeam({
  db,
  admin,
  input,
}: AdminDeps & { input: TeamInput & { name: string; shortName: string } }): Promise<Team> {
  return db.transaction(async (tx) => {
    await assertClub(tx, input.clubId);
    const id = await q.insertTeam(tx, {
      name: input.name,
      nameKa: input.nameKa ?? null,
      shortName: input.shortName,
      crestUrl: input.crestUrl ?? null,
      clubId: input.clubId ?? null,
    });
    await audit(tx, admin, 'team_created', 'team', String(id), { name: input.name, clubId: input.clubId ?? null });
    return toTeamOf((await q.findTeam(tx, id))!);
  });
}

export async function updateTeam({
  db,
  admin,
  teamId,
  input,
}: AdminDeps & { teamId: number; input: TeamInput }): Promise<Team> {
  return db.transaction(async (tx) => {
    await assertClub(tx, input.clubId);
    const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    if (!(await q.updateTeam(tx, teamId, values))) throw new AppError('TEAM_NOT_FOUND');
    await audit(tx, admin, 'team_updated', 'team', String(teamId), values);
    return toTeamOf((await q.findTeam(tx, teamId))!);
  });
}

// --- administrators: fixtures and the live console ---------------------------------------------------------------

export async function createMatch({
  db,
  admin,
  input,
}: AdminDeps & {
  input: {
    competitionId: number;
    seasonId: number;
    round?: string | null;
    homeTeamId: number;
    awayTeamId: number;
    kickoffAt: string;
    venue?: string | null;
  };
}): Promise<MatchDetail> {
  return db.transaction(async (tx) => {
    const competition = await q.findCompetition(tx, input.competitionId);
    if (!competition) throw new AppError('COMPETITION_NOT_FOUND');
    if (!(competition.seasons ?? []).some((s) => s.id === input.seasonId)) throw new AppError('SEASON_NOT_FOUND');
    await assertTeams(tx, input.homeTeamId, input.awayTeamId);
    const id = await q.insertFixture(tx, {
      competitionId: input.competitionId,
      seasonId: input.seasonId,
      round: input.round ?? null,
      homeTeamId: input.homeTeamId,
      awayTeamId: input.awayTeamId,
      kickoffAt: new Date(input.kickoffAt),
      venue: input.venue ?? null,
    });
    await audit(tx, admin, 'match_created', 'match', id, { ...input });
    return getMatch({ db: tx, matchId: id });
  });
}

async function assertTeams(db: Executor, home: number, away: number) {
  if (home === away)
    throw new AppError('VALIDATION', 'A team cannot play itself.', { awayTeamId: 'A team cannot play itself.' });
  for (const id of [home, away]) if (!(await q.findTeam(db, id))) throw new AppError('TEAM_NOT_FOUND');
}

type Change = {
  /** What the watchers are told changed; null: nothing they see (the hand lock). */
  change: Exclude<MatchLiveEvent, { kind: 'thread_post' }>['change'];
  event?: q.MatchEventRow | null;
  /** The event's timeline entry, when it changed. */
  details?: Record<string, unknown>;
};

/**
 * One change to a fixture by an administrator: in one transaction, the fixture locked (console writes on one
 * match go one after the other), the change made, the version bumped, the table recomputed when a finished
 * result of a hand-entered competition may have moved, the audit entry written, the answer recorded for a
 * retried request (Idempotency-Key), and the new state announced to the match's watchers after the commit.
 */
async function changeMatch(
  { db, admin, matchId, answer }: AdminDeps & { matchId: string; answer?: AnswerRecorder<MatchDetail> },
  action: AuditAction,
  apply: (tx: Tx, fixture: q.FixtureRow) => Promise<Change>,
): Promise<MatchDetail> {
  return db.transaction(async (tx) => {
    const fixture = await q.lockFixture(tx, matchId);
    if (!fixture) throw new AppError('MATCH_NOT_FOUND');
    const { change, event, details } = await apply(tx, fixture);
    const after = (await q.lockFixture(tx, matchId))!;
    if (
      (fixture.status === 'finished' || after.status === 'finished') &&
      (await q.isHandEntered(tx, after.competitionId))
    ) {
      await q.recomputeStandings(tx, after.seasonId);
      if (fixture.seasonId !== after.seasonId) await q.recomputeStandings(tx, fixture.seasonId);
    }
    const match = await getMatch({ db: tx, matchId });
    const live: MatchLiveEvent = {
      kind: 'match',
      match: stateOf(match),
      change,
      event: event ? (match.events.find((e) => e.id === String(event.id)) ?? eventOf(event)) : null,
    };
    await publishTopic(tx, matchTopic(matchId), 'match', live);
    // Kick-off, a goal, a red card, full time: the fans who asked are alerted (decision 022).
    await queueMatchAlerts(tx, {
      fixtureId: matchId,
      from: fixture.status,
      events: change === 'event_added' && event ? [event] : [],
    });
    await audit(tx, admin, action, 'match', matchId, details);
    await answer?.(tx, match);
    return match;
  });
}

/** An event row as the timeline shows it (for one no longer in the timeline: an undone one). */
const eventOf = (row: q.MatchEventRow): MatchEvent => ({
  id: String(row.id),
  kind: row.kind,
  minute: row.minute,
  addedMinute: row.addedMinute,
  side: row.side,
  player: row.player,
  secondPlayer: row.secondPlayer,
  detail: row.detail,
  disallowsEventId: row.disallowsEventId === null ? null : String(row.disallowsEventId),
  cancelled: row.cancelledAt !== null,
  createdAt: new Date(row.createdAt).toISOString(),
});

const isLive = (status: string) => status === 'live' || status === 'half_time';

export function updateMatch(
  deps: AdminDeps & { matchId: string },
  input: {
    round?: string | null;
    homeTeamId?: number;
    awayTeamId?: number;
    kickoffAt?: string;
    venue?: string | null;
    status?: 'scheduled' | 'postponed' | 'cancelled' | 'abandoned';
  },
): Promise<MatchDetail> {
  return changeMatch(deps, 'match_updated', async (tx, fixture) => {
    const home = input.homeTeamId ?? fixture.homeTeamId;
    const away = input.awayTeamId ?? fixture.awayTeamId;
    if (input.homeTeamId !== undefined || input.awayTeamId !== undefined) await assertTeams(tx, home, away);
    const values: Parameters<typeof q.updateFixture>[2] = { homeTeamId: home, awayTeamId: away };
    if (input.round !== undefined) values.round = input.round;
    if (input.venue !== undefined) values.venue = input.venue;
    if (input.kickoffAt !== undefined) values.kickoffAt = new Date(input.kickoffAt);
    if (input.status !== undefined && input.status !== fixture.status) {
      const from = fixture.status;
      const allowed =
        input.status === 'abandoned'
          ? isLive(from)
          : from === 'scheduled' || from === 'postponed' || (input.status === 'scheduled' && from === 'cancelled');
      if (!allowed) throw new AppError('MATCH_STATE', `A ${from.replace('_', ' ')} match cannot be ${input.status}.`);
      values.status = input.status;
      values.finishedAt = input.status === 'cancelled' || input.status === 'abandoned' ? new Date() : null;
      if (input.status !== 'abandoned') Object.assign(values, { minute: null, addedMinute: null });
    }
    await q.updateFixture(tx, fixture.id, values);
    return { change: 'edit', details: { ...input } };
  });
}

type ScoreInput = { home: number; away: number } | null | undefined;

/** Enters or corrects the final result: the match is finished, and its table follows (changeMatch). */
export function setResult(
  deps: AdminDeps & { matchId: string },
  input: { score: Score; halfTimeScore?: ScoreInput; extraTimeScore?: ScoreInput; penalties?: ScoreInput },
): Promise<MatchDetail> {
  return changeMatch(deps, 'match_result_set', async (tx, fixture) => {
    if (fixture.status === 'cancelled') throw new AppError('MATCH_STATE', 'A cancelled match has no result.');
    const values: Parameters<typeof q.updateFixture>[2] = {
      status: 'finished',
      minute: null,
      addedMinute: null,
      scoreHome: input.score.home,
      scoreAway: input.score.away,
      finishedAt: fixture.finishedAt ?? new Date(),
    };
    if (input.halfTimeScore !== undefined) {
      values.htHome = input.halfTimeScore?.home ?? null;
      values.htAway = input.halfTimeScore?.away ?? null;
    }
    if (input.extraTimeScore !== undefined) {
      values.etHome = input.extraTimeScore?.home ?? null;
      values.etAway = input.extraTimeScore?.away ?? null;
    }
    if (input.penalties !== undefined) {
      values.penHome = input.penalties?.home ?? null;
      values.penAway = input.penalties?.away ?? null;
    }
    await q.updateFixture(tx, fixture.id, values);
    return {
      change: 'result',
      details: { score: input.score, previous: score(fixture.scoreHome, fixture.scoreAway) },
    };
  });
}

export function setLineups(
  deps: AdminDeps & { matchId: string },
  input: {
    home: { name: string; number?: number | null; position?: string | null; starter: boolean }[];
    away: { name: string; number?: number | null; position?: string | null; starter: boolean }[];
  },
): Promise<MatchDetail> {
  return changeMatch(deps, 'match_lineups_set', async (tx, fixture) => {
    const rows = (['home', 'away'] as const).flatMap((side) =>
      input[side].map((p) => ({
        side,
        player: p.name,
        number: p.number ?? null,
        position: p.position ?? null,
        starter: p.starter,
      })),
    );
    await q.replaceLineups(tx, fixture.id, rows);
    await q.updateFixture(tx, fixture.id, {});
    return { change: 'edit', details: { players: rows.length } };
  });
}

/** Provider updates apply to the fixture again. */
export function releaseLock(deps: AdminDeps & { matchId: string }): Promise<MatchDetail> {
  return changeMatch(deps, 'match_lock_released', async (tx, fixture) => {
    await q.updateFixture(tx, fixture.id, { handLocked: false });
    return { change: null };
  });
}

/** The console's clock: kick-off (minute 1, 0-0), half-time, second half (minute 46), full time. */
export function setPhase(
  deps: AdminDeps & { matchId: string; answer?: AnswerRecorder<MatchDetail> },
  phase: MatchPhase,
): Promise<MatchDetail> {
  return changeMatch(deps, 'match_phase_set', async (tx, fixture) => {
    const refuse = (what: string) => {
      throw new AppError('MATCH_STATE', `A ${fixture.status.replace('_', ' ')} match cannot ${what}.`);
    };
    let values: Parameters<typeof q.updateFixture>[2];
    switch (phase) {
      case 'start':
        if (fixture.status !== 'scheduled' && fixture.status !== 'postponed') refuse('kick off');
        values = {
          status: 'live',
          minute: 1,
          addedMinute: null,
          scoreHome: fixture.scoreHome ?? 0,
          scoreAway: fixture.scoreAway ?? 0,
          finishedAt: null,
        };
        break;
      case 'half_time':
        if (fixture.status !== 'live') refuse('go to half-time');
        values = {
          status: 'half_time',
          minute: 45,
          addedMinute: null,
          htHome: fixture.scoreHome ?? 0,
          htAway: fixture.scoreAway ?? 0,
        };
        break;
      case 'second_half':
        if (fixture.status !== 'half_time') refuse('start the second half');
        values = { status: 'live', minute: 46, addedMinute: null };
        break;
      case 'full_time':
        if (!isLive(fixture.status)) refuse('end');
        values = { status: 'finished', minute: null, addedMinute: null, finishedAt: new Date() };
        break;
    }
    await q.updateFixture(tx, fixture.id, values);
    return { change: 'phase', details: { phase, from: fixture.status } };
  });
}

export function setMinute(
  deps: AdminDeps & { matchId: string },
  input: { minute: number; addedMinute?: number | null },
): Promise<MatchDetail> {
  return changeMatch(deps, 'match_minute_set', async (tx, fixture) => {
    if (!isLive(fixture.status)) throw new AppError('MATCH_STATE', 'Only a match that is on has a minute.');
    await q.updateFixture(tx, fixture.id, { minute: input.minute, addedMinute: input.addedMinute ?? null });
    return { change: 'minute', details: { ...input } };
  });
}

/** The side a scoring event counts for: an own goal counts for the other team. */
function scoringSide(kind: MatchEventKind, side: MatchSide): MatchSide | null {
  if (!SCORING_EVENT_KINDS.includes(kind)) return null;
  if (kind !== 'own_goal') return side;
  return side === 'home' ? 'away' : 'home';
}

/** The fixture's score with `delta` goals for `side`. */
function scored(fixture: q.FixtureRow, side: MatchSide, delta: number) {
  const home = fixture.scoreHome ?? 0;
  const away = fixture.scoreAway ?? 0;
  return side === 'home'
    ? { scoreHome: Math.max(0, home + delta), scoreAway: away }
    : { scoreHome: home, scoreAway: Math.max(0, away + delta) };
}

/**
 * Adds an event. A goal counts for its side (an own goal for the other); a VAR decision naming a goal
 * (`disallowsEventId`) marks that goal cancelled and takes it off the score. Allowed while the match is on and
 * after full time (a correction: the table follows).
 */
export function addEvent(
  deps: AdminDeps & { matchId: string; answer?: AnswerRecorder<MatchDetail> },
  input: {
    kind: MatchEventKind;
    side: MatchSide;
    minute?: number;
    addedMinute?: number | null;
    player?: string | null;
    secondPlayer?: string | null;
    detail?: string | null;
    disallowsEventId?: string;
  },
): Promise<MatchDetail> {
  return changeMatch(deps, 'match_event_added', async (tx, fixture) => {
    if (!isLive(fixture.status) && fixture.status !== 'finished') {
      throw new AppError('MATCH_STATE', 'Events are added once the match has kicked off.');
    }
    let current = fixture;
    let disallows: number | null = null;
    if (input.disallowsEventId !== undefined) {
      if (input.kind !== 'var') throw new AppError('VALIDATION', 'Only a VAR decision disallows a goal.');
      const goal = await q.findEvent(tx, fixture.id, Number(input.disallowsEventId));
      const side = goal ? scoringSide(goal.kind, goal.side) : null;
      if (!goal || side === null || goal.cancelledAt !== null) throw new AppError('MATCH_EVENT_NOT_FOUND');
      await q.setEventCancelled(tx, goal.id, true);
      disallows = goal.id;
      current = { ...current, ...scored(current, side, -1) };
    }
    const side = scoringSide(input.kind, input.side);
    if (side !== null) current = { ...current, ...scored(current, side, 1) };
    const event = await q.insertEvent(tx, {
      fixtureId: fixture.id,
      kind: input.kind,
      side: input.side,
      minute: input.minute ?? fixture.minute,
      addedMinute: input.minute === undefined ? fixture.addedMinute : (input.addedMinute ?? null),
      player: input.player ?? null,
      secondPlayer: input.secondPlayer ?? null,
      detail: input.detail ?? null,
      disallowsEventId: disallows,
      createdBy: deps.admin.id,
    });
    await q.updateFixture(tx, fixture.id, { scoreHome: current.scoreHome, scoreAway: current.scoreAway });
    return { change: 'event_added', event, details: { eventId: String(event.id), kind: input.kind, side: input.side } };
  });
}

/** Takes the last event back with its effect: a goal off the score, a VAR decision's disallowed goal back on. */
export function undoEvent(
  deps: AdminDeps & { matchId: string; answer?: AnswerRecorder<MatchDetail> },
): Promise<MatchDetail> {
  return changeMatch(deps, 'match_event_undone', async (tx, fixture) => {
    const last = await q.lastEvent(tx, fixture.id);
    if (!last) throw new AppError('NOTHING_TO_UNDO');
    let current = fixture;
    const side = last.cancelledAt === null ? scoringSide(last.kind, last.side) : null;
    if (side !== null) current = { ...current, ...scored(current, side, -1) };
    if (last.disallowsEventId !== null) {
      const goal = await q.findEvent(tx, fixture.id, last.disallowsEventId);
      const goalSide = goal ? scoringSide(goal.kind, goal.side) : null;
      if (goal && goalSide !== null && goal.cancelledAt !== null) {
        await q.setEventCancelled(tx, goal.id, false);
        current = { ...current, ...scored(current, goalSide, 1) };
      }
    }
    await q.deleteEvent(tx, last.id);
    if (fixture.scoreHome !== null) {
      await q.updateFixture(tx, fixture.id, { scoreHome: current.scoreHome, scoreAway: current.scoreAway });
    } else {
      await q.updateFixture(tx, fixture.id, {});
    }
    return {
      change: 'event_removed',
      event: last,
      details: { eventId: String(last.id), kind: last.kind, side: last.side },
    };
  });
}
