import { and, desc, eq, sql } from 'drizzle-orm';
import { queryPrepared, queryRows, rowLimit, statement, type Executor, type Statement } from '../../db/client.js';
import { clubs, competitions, fixtures, lineups, matchEvents, seasons, teams } from '../../db/schema/index.js';
import { MATCH_SPOILER_HOURS } from '@burti/shared';
import type { Cursor } from '../../lib/cursor.js';
import { cursorAt, cursorText, isoText, oneMatchChip, postListColumns, type PostRow } from '../../lib/post-rows.js';
import { visibleAuthor } from '../../lib/visibility.js';

// --- reads -------------------------------------------------------------------------------------------------------

/** A fixture as cards, lists and the match page read it: `f` with its competition, season and two teams. */
export type MatchRow = {
  id: string;
  status: 'scheduled' | 'live' | 'half_time' | 'finished' | 'postponed' | 'cancelled' | 'abandoned';
  minute: number | null;
  added_minute: number | null;
  score_home: number | null;
  score_away: number | null;
  ht_home: number | null;
  ht_away: number | null;
  et_home: number | null;
  et_away: number | null;
  pen_home: number | null;
  pen_away: number | null;
  /** ISO text (isoText). */
  kickoff_at: string;
  finished_at: string | null;
  updated_at: string;
  version: number | string;
  round: string | null;
  venue: string | null;
  hand_locked: boolean;
  competition_id: number;
  competition_name: string;
  competition_name_ka: string | null;
  competition_kind: 'league' | 'cup';
  season_id: number;
  season_label: string;
  home_id: number;
  home_name: string;
  home_name_ka: string | null;
  home_short: string;
  home_crest: string | null;
  home_club_id: number | null;
  home_club_name: string | null;
  away_id: number;
  away_name: string;
  away_name_ka: string | null;
  away_short: string;
  away_crest: string | null;
  away_club_id: number | null;
  away_club_name: string | null;
  cursor_at: string;
};

export type EventRow = {
  id: number | string;
  kind: string;
  minute: number | null;
  added_minute: number | null;
  side: 'home' | 'away';
  player: string | null;
  second_player: string | null;
  detail: string | null;
  disallows_event_id: number | string | null;
  cancelled: boolean;
  created_at: string;
};
export type LineupRow = {
  side: 'home' | 'away';
  player: string;
  number: number | null;
  position: string | null;
  starter: boolean;
};
export type MatchDetailRow = MatchRow & {
  events: EventRow[] | null;
  lineups: LineupRow[] | null;
  /** The viewer holds the match in spoiler mode (match_spoiler_holds, within MATCH_SPOILER_HOURS). */
  spoiler_hidden: boolean;
};

/** A spoiler hold still in force: made less than MATCH_SPOILER_HOURS ago. */
const holdInForce = (alias: string) => sql.raw(`${alias}.created_at > now() - interval '${MATCH_SPOILER_HOURS} hours'`);

const matchColumns = sql`f.id, f.status, f.minute, f.added_minute, f.score_home, f.score_away, f.ht_home, f.ht_away,
    f.et_home, f.et_away, f.pen_home, f.pen_away,
    ${isoText(sql`f.kickoff_at`)} as kickoff_at, ${isoText(sql`f.finished_at`)} as finished_at,
    ${isoText(sql`f.updated_at`)} as updated_at, f.version, f.round, f.venue, f.hand_locked,
    co.id as competition_id, co.name as competition_name, co.name_ka as competition_name_ka, co.kind as competition_kind,
    s.id as season_id, s.label as season_label,
    h.id as home_id, h.name as home_name, h.name_ka as home_name_ka, h.short_name as home_short,
    h.crest_url as home_crest, h.club_id as home_club_id, hc.name as home_club_name,
    a.id as away_id, a.name as away_name, a.name_ka as away_name_ka, a.short_name as away_short,
    a.crest_url as away_crest, a.club_id as away_club_id, ac.name as away_club_name,
    ${cursorText(sql`f.kickoff_at`)} as cursor_at`;

const matchJoins = sql`join competitions co on co.id = f.competition_id
    join seasons s on s.id = f.season_id
    join teams h on h.id = f.home_team_id
    join teams a on a.id = f.away_team_id
    left join clubs hc on hc.id = h.club_id
    left join clubs ac on ac.id = a.club_id`;

/**
 * The match page in one statement: the fixture, its competition, season and teams, its timeline and lineups
 * (each aggregated from its own index), by primary key. Prepared: parsed and planned once per connection.
 */
export function matchDetailQuery(matchId: string, viewerId: string): Statement {
  return statement(
    'matches.detail',
    { matchId, viewerId },
    (p) => sql`select ${matchColumns},
      exists (select 1 from match_spoiler_holds sh
        where sh.user_id = ${p.viewerId} and sh.fixture_id = f.id and ${holdInForce('sh')}) as spoiler_hidden,
      (select json_agg(json_build_object('id', e.id::text, 'kind', e.kind, 'minute', e.minute,
          'added_minute', e.added_minute, 'side', e.side, 'player', e.player, 'second_player', e.second_player,
          'detail', e.detail, 'disallows_event_id', e.disallows_event_id::text,
          'cancelled', e.cancelled_at is not null, 'created_at', ${isoText(sql`e.created_at`)}) order by e.id)
        from match_events e where e.fixture_id = f.id) as events,
      (select json_agg(json_build_object('side', l.side, 'player', l.player, 'number', l.number,
          'position', l.position, 'starter', l.starter) order by l.side, l.sort_order)
        from lineups l where l.fixture_id = f.id) as lineups
      from fixtures f ${matchJoins}
      where f.id = ${p.matchId}::uuid`,
  );
}

/** The match page; `viewerId` ('' for none) decides whether the score is hidden by a spoiler hold. */
export async function findMatchDetail(db: Executor, matchId: string, viewerId = ''): Promise<MatchDetailRow | null> {
  const [row] = await queryPrepared<MatchDetailRow>(db, matchDetailQuery(matchId, viewerId));
  return row ?? null;
}

/** The matches a fan holds in spoiler mode now (a few at most: one primary-key range). */
export async function heldMatches(db: Executor, viewerId: string): Promise<Set<string>> {
  const rows = await queryPrepared<{ fixture_id: string }>(
    db,
    statement(
      'matches.spoiler-holds',
      { viewerId },
      (p) => sql`select sh.fixture_id from match_spoiler_holds sh
        where sh.user_id = ${p.viewerId} and ${holdInForce('sh')}`,
    ),
  );
  return new Set(rows.map((row) => row.fixture_id));
}

/** Holds (or holds again) the match; returns when the hold lapses, as ISO text. */
export async function holdSpoiler(db: Executor, viewerId: string, matchId: string): Promise<string> {
  const [row] = await queryRows<{ until: string }>(
    db,
    sql`insert into match_spoiler_holds (user_id, fixture_id) values (${viewerId}, ${matchId}::uuid)
      on conflict (user_id, fixture_id) do update set created_at = now()
      returning ${isoText(sql`(created_at + make_interval(hours => ${MATCH_SPOILER_HOURS}))`)} as until`,
  );
  return row!.until;
}

/** When the fan's hold of the match lapses (ms since the epoch); null when they hold it not. */
export async function spoilerHeldUntil(db: Executor, viewerId: string, matchId: string): Promise<number | null> {
  const [row] = await queryRows<{ until: string }>(
    db,
    sql`select ${isoText(sql`(sh.created_at + make_interval(hours => ${MATCH_SPOILER_HOURS}))`)} as until
      from match_spoiler_holds sh
      where sh.user_id = ${viewerId} and sh.fixture_id = ${matchId}::uuid and ${holdInForce('sh')}`,
  );
  return row ? Date.parse(row.until) : null;
}

export async function revealSpoiler(db: Executor, viewerId: string, matchId: string): Promise<void> {
  await queryRows(
    db,
    sql`delete from match_spoiler_holds where user_id = ${viewerId} and fixture_id = ${matchId}::uuid`,
  );
}

const UPCOMING = sql`('scheduled', 'live', 'half_time', 'postponed')`;
const RESULTS = sql`('finished', 'abandoned')`;

/**
 * A club's fixtures by kick-off: upcoming ones (live ones among them) soonest first, or results latest first.
 * Each of the club's teams is walked down its home and its away index from the cursor on, at most a page each;
 * the page is the first `limit` of those.
 */
export function clubMatchesQuery(args: {
  clubId: number;
  kind: 'upcoming' | 'results';
  cursor: Cursor | null;
  limit: number;
}): Statement {
  const { clubId, kind, cursor, limit } = args;
  const up = kind === 'upcoming';
  const statuses = up ? UPCOMING : RESULTS;
  const order = up ? sql`asc` : sql`desc`;
  const key = `matches.club:${kind}:${cursor ? 'after' : 'first'}:${limit}`;
  return statement(key, { clubId, at: cursor?.at, id: cursor?.id }, (p) => {
    const after = (alias: string) =>
      cursor
        ? sql`and (${sql.raw(alias)}.kickoff_at, ${sql.raw(alias)}.id) ${up ? sql`>` : sql`<`} (${cursorAt(p.at)}, ${p.id}::uuid)`
        : sql``;
    const walk = (column: 'home_team_id' | 'away_team_id') => sql`select w.id, w.kickoff_at from teams t
        cross join lateral (
          select x.id, x.kickoff_at from fixtures x
          where x.${sql.raw(column)} = t.id and x.status in ${statuses} ${after('x')}
          order by x.kickoff_at ${order}, x.id ${order}
          limit ${rowLimit(limit)}
        ) w
        where t.club_id = ${p.clubId}::int`;
    return sql`select ${matchColumns}
      from (
        select k.id from (${walk('home_team_id')} union all ${walk('away_team_id')}) k
        order by k.kickoff_at ${order}, k.id ${order}
        limit ${rowLimit(limit)}
      ) page
      join fixtures f on f.id = page.id
      ${matchJoins}
      order by f.kickoff_at ${order}, f.id ${order}`;
  });
}

/**
 * Every fixture for the administrators' list: the played ones include those called off. No index of its own:
 * a few hundred fixtures a season, read by administrators only.
 */
export function listAllMatches(
  db: Executor,
  { kind, cursor, limit }: { kind: 'upcoming' | 'results'; cursor: Cursor | null; limit: number },
): Promise<MatchRow[]> {
  const up = kind === 'upcoming';
  const order = up ? sql`asc` : sql`desc`;
  return queryRows<MatchRow>(
    db,
    sql`select ${matchColumns}
      from fixtures f ${matchJoins}
      where f.status in ${up ? UPCOMING : sql`('finished', 'abandoned', 'cancelled')`}
      ${cursor ? sql`and (f.kickoff_at, f.id) ${up ? sql`>` : sql`<`} (${cursorAt(cursor.at)}, ${cursor.id}::uuid)` : sql``}
      order by f.kickoff_at ${order}, f.id ${order}
      limit ${limit}`,
  );
}

export function listClubMatches(
  db: Executor,
  args: { clubId: number; kind: 'upcoming' | 'results'; cursor: Cursor | null; limit: number },
): Promise<MatchRow[]> {
  return queryPrepared<MatchRow>(db, clubMatchesQuery(args));
}

export async function clubExists(db: Executor, clubId: number): Promise<boolean> {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
  return row !== undefined;
}

/** What a thread post's check needs: the fixture's times and status and its two teams' clubs. */
export type ThreadRow = {
  id: string;
  status: MatchRow['status'];
  kickoff_at: Date | string;
  finished_at: Date | string | null;
  home_club_id: number | null;
  away_club_id: number | null;
  viewer_club_id: number | null;
};
export async function findThread(db: Executor, matchId: string, viewerId: string): Promise<ThreadRow | null> {
  const [row] = await queryRows<ThreadRow>(
    db,
    sql`select f.id, f.status, f.kickoff_at, f.finished_at, h.club_id as home_club_id, a.club_id as away_club_id,
        (select primary_club_id from profiles where id = ${viewerId}) as viewer_club_id
      from fixtures f join teams h on h.id = f.home_team_id join teams a on a.id = f.away_team_id
      where f.id = ${matchId}::uuid`,
  );
  return row ?? null;
}

export async function matchExists(db: Executor, matchId: string): Promise<boolean> {
  const [row] = await db.select({ id: fixtures.id }).from(fixtures).where(eq(fixtures.id, matchId));
  return row !== undefined;
}

export type CompetitionRow = {
  id: number;
  name: string;
  name_ka: string | null;
  kind: 'league' | 'cup';
  country: string;
  provider: string | null;
  seasons: { id: number; label: string; starts_on: string | null; ends_on: string | null }[] | null;
};
const competitionSelect = sql`select c.id, c.name, c.name_ka, c.kind, c.country, c.provider,
    (select json_agg(json_build_object('id', s.id, 'label', s.label, 'starts_on', s.starts_on::text,
        'ends_on', s.ends_on::text) order by s.starts_on desc nulls last, s.id desc)
      from seasons s where s.competition_id = c.id) as seasons
  from competitions c`;
export function listCompetitions(db: Executor): Promise<CompetitionRow[]> {
  return queryRows<CompetitionRow>(db, sql`${competitionSelect} order by c.name, c.id`);
}
export async function findCompetition(db: Executor, id: number): Promise<CompetitionRow | null> {
  const [row] = await queryRows<CompetitionRow>(db, sql`${competitionSelect} where c.id = ${id}`);
  return row ?? null;
}

/** The season by label, or the competition's latest (by start, then newest). */
export async function findSeason(db: Executor, competitionId: number, label: string | undefined) {
  const query = db
    .select({ id: seasons.id, label: seasons.label, startsOn: seasons.startsOn, endsOn: seasons.endsOn })
    .from(seasons)
    .where(
      label === undefined
        ? eq(seasons.competitionId, competitionId)
        : and(eq(seasons.competitionId, competitionId), eq(seasons.label, label)),
    )
    .orderBy(sql`${seasons.startsOn} desc nulls last`, desc(seasons.id))
    .limit(1);
  const [row] = await query;
  return row ?? null;
}

export type StandingDbRow = {
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  points: number;
  team_id: number;
  team_name: string;
  team_name_ka: string | null;
  team_short: string;
  team_crest: string | null;
  team_club_id: number | null;
  team_club_name: string | null;
};
export function standingsQuery(seasonId: number): Statement {
  return statement(
    'matches.standings',
    { seasonId },
    (p) => sql`select st.position, st.played, st.won, st.drawn, st.lost, st.goals_for, st.goals_against, st.points,
        t.id as team_id, t.name as team_name, t.name_ka as team_name_ka, t.short_name as team_short,
        t.crest_url as team_crest, t.club_id as team_club_id, c.name as team_club_name
      from standings st join teams t on t.id = st.team_id left join clubs c on c.id = t.club_id
      where st.season_id = ${p.seasonId}::int
      order by st.position`,
  );
}
export function listStandings(db: Executor, seasonId: number): Promise<StandingDbRow[]> {
  return queryPrepared<StandingDbRow>(db, standingsQuery(seasonId));
}

export type TeamDbRow = {
  id: number;
  name: string;
  name_ka: string | null;
  short_name: string;
  crest_url: string | null;
  club_id: number | null;
  club_name: string | null;
};
const teamSelect = sql`select t.id, t.name, t.name_ka, t.short_name, t.crest_url, t.club_id, c.name as club_name
  from teams t left join clubs c on c.id = t.club_id`;
export function listTeams(db: Executor): Promise<TeamDbRow[]> {
  return queryRows<TeamDbRow>(db, sql`${teamSelect} order by t.name, t.id`);
}
export async function findTeam(db: Executor, id: number): Promise<TeamDbRow | null> {
  const [row] = await queryRows<TeamDbRow>(db, sql`${teamSelect} where t.id = ${id}`);
  return row ?? null;
}

// --- writes ------------------------------------------------------------------------------------------------------

export async function insertCompetition(
  db: Executor,
  values: { name: string; nameKa: string | null; country: string; kind: 'league' | 'cup' },
): Promise<number> {
  const [row] = await db.insert(competitions).values(values).returning({ id: competitions.id });
  return row!.id;
}
export async function updateCompetition(
  db: Executor,
  id: number,
  values: Partial<{ name: string; nameKa: string | null; country: string; kind: 'league' | 'cup' }>,
): Promise<boolean> {
  if (Object.keys(values).length === 0) return (await findCompetition(db, id)) !== null;
  const rows = await db
    .update(competitions)
    .set(values)
    .where(eq(competitions.id, id))
    .returning({ id: competitions.id });
  return rows.length > 0;
}
/** False when the competition has a season of that label already. */
export async function insertSeason(
  db: Executor,
  values: { competitionId: number; label: string; startsOn: string | null; endsOn: string | null },
): Promise<boolean> {
  const rows = await db.insert(seasons).values(values).onConflictDoNothing().returning({ id: seasons.id });
  return rows.length > 0;
}

export type TeamValues = {
  name: string;
  nameKa: string | null;
  shortName: string;
  crestUrl: string | null;
  clubId: number | null;
};
export async function insertTeam(db: Executor, values: TeamValues): Promise<number> {
  const [row] = await db.insert(teams).values(values).returning({ id: teams.id });
  return row!.id;
}
export async function updateTeam(db: Executor, id: number, values: Partial<TeamValues>): Promise<boolean> {
  if (Object.keys(values).length === 0) return (await findTeam(db, id)) !== null;
  const rows = await db.update(teams).set(values).where(eq(teams.id, id)).returning({ id: teams.id });
  return rows.length > 0;
}

export async function insertFixture(
  db: Executor,
  values: {
    competitionId: number;
    seasonId: number;
    round: string | null;
    homeTeamId: number;
    awayTeamId: number;
    kickoffAt: Date;
    venue: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(fixtures)
    .values({ ...values, handLocked: true })
    .returning({ id: fixtures.id });
  return row!.id;
}

export type FixtureRow = typeof fixtures.$inferSelect;
/** The fixture, locked for the transaction: every console write on one match goes one after the other. */
export async function lockFixture(db: Executor, id: string): Promise<FixtureRow | null> {
  const [row] = await db.select().from(fixtures).where(eq(fixtures.id, id)).for('update');
  return row ?? null;
}

/** Changes a fixture: every change bumps its version and marks it edited by hand (unless `handLocked` says). */
export async function updateFixture(
  db: Executor,
  id: string,
  values: Partial<Omit<FixtureRow, 'id' | 'version' | 'createdAt' | 'updatedAt'>>,
): Promise<void> {
  await db
    .update(fixtures)
    .set({ handLocked: true, ...values, version: sql`${fixtures.version} + 1`, updatedAt: sql`now()` })
    .where(eq(fixtures.id, id));
}

/** Whether a competition's table is computed here (entered by hand) rather than taken from a provider. */
export async function isHandEntered(db: Executor, competitionId: number): Promise<boolean> {
  const [row] = await db
    .select({ provider: competitions.provider })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  return row !== undefined && row.provider === null;
}
export async function recomputeStandings(db: Executor, seasonId: number): Promise<void> {
  await queryRows(db, sql`select burti_recompute_standings(${seasonId}::int)`);
}

export type MatchEventRow = typeof matchEvents.$inferSelect;
export async function insertEvent(
  db: Executor,
  values: Omit<typeof matchEvents.$inferInsert, 'id' | 'createdAt'>,
): Promise<MatchEventRow> {
  const [row] = await db.insert(matchEvents).values(values).returning();
  return row!;
}
export async function findEvent(db: Executor, fixtureId: string, id: number): Promise<MatchEventRow | null> {
  const [row] = await db
    .select()
    .from(matchEvents)
    .where(and(eq(matchEvents.fixtureId, fixtureId), eq(matchEvents.id, id)));
  return row ?? null;
}
export async function lastEvent(db: Executor, fixtureId: string): Promise<MatchEventRow | null> {
  const [row] = await db
    .select()
    .from(matchEvents)
    .where(eq(matchEvents.fixtureId, fixtureId))
    .orderBy(desc(matchEvents.id))
    .limit(1);
  return row ?? null;
}
export async function setEventCancelled(db: Executor, id: number, cancelled: boolean): Promise<void> {
  await db
    .update(matchEvents)
    .set({ cancelledAt: cancelled ? sql`now()` : null })
    .where(eq(matchEvents.id, id));
}
export async function deleteEvent(db: Executor, id: number): Promise<void> {
  await db.delete(matchEvents).where(eq(matchEvents.id, id));
}

export async function replaceLineups(
  db: Executor,
  fixtureId: string,
  rows: { side: 'home' | 'away'; player: string; number: number | null; position: string | null; starter: boolean }[],
): Promise<void> {
  await db.delete(lineups).where(eq(lineups.fixtureId, fixtureId));
  if (rows.length === 0) return;
  await db.insert(lineups).values(rows.map((row, sortOrder) => ({ ...row, fixtureId, sortOrder })));
}

/**
 * A thread's live posts, newest first, as the feeds read them (each with its author's club): a walk down
 * posts_match_idx from the cursor on.
 */
export function threadPostsQuery(args: {
  viewerId: string;
  matchId: string;
  cursor: Cursor | null;
  limit: number;
}): Statement {
  const { viewerId, matchId, cursor, limit } = args;
  return statement(
    `matches.thread:${cursor ? 'after' : 'first'}:${limit}`,
    { viewerId, matchId, at: cursor?.at, id: cursor?.id },
    // Every post of the thread is the match's: its chip is read once for the page, not once a post.
    (p) => sql`select ${postListColumns(p.viewerId, oneMatchChip(p.matchId))}
      from posts p
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      where p.match_id = ${p.matchId}::uuid and p.deleted_at is null and p.visibility = 'public'
        and ${visibleAuthor(p.viewerId, sql`a`)}
        ${cursor ? sql`and (p.created_at, p.id) < (select ${cursorAt(p.at)}, ${p.id}::uuid)` : sql``}
      order by p.created_at desc, p.id desc
      limit ${rowLimit(limit)}`,
  );
}
export function listThreadPosts(
  db: Executor,
  args: { viewerId: string; matchId: string; cursor: Cursor | null; limit: number },
): Promise<PostRow[]> {
  return queryPrepared<PostRow>(db, threadPostsQuery(args));
}
