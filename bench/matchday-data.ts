/**
 * The derby of the matchday phase (bench/matchday.ts), loaded once per database (a kept one is reused): a league
 * of the 20 clubs with the most fans, a season of 190 fixtures (those before now finished, the rest scheduled), and
 * the derby of the two biggest clubs, live for 35 minutes with a goal, a card, a substitution and both lineups. Its
 * thread holds one post for every 50 of the dataset (20,000 at M), half in Georgian, half in Latin script, written
 * by fans of both clubs with the triggers on (every counter kept as the API keeps it). Up to 5,000 fans of the two
 * clubs get a session, and an administrator one.
 */
import type pg from 'pg';
import type { DatasetSize } from './dataset.js';

const LEAGUE = 'Bench Matchday League';
const VENUE = 'Bench Derby Arena';
const MAX_FANS = 5_000;

export type MatchdaySetup = {
  matchId: string;
  homeClubId: number;
  awayClubId: number;
  /** Signed-in fans of the two clubs: their profile id and session token. */
  fans: { id: string; token: string }[];
  adminToken: string;
  threadPosts: number;
};

/** The derby and its league (see the file's head). */
export async function loadMatchday(client: pg.Client, size: DatasetSize): Promise<MatchdaySetup> {
  const started = Date.now();
  const [existing] = (await client.query<{ id: number }>(`select id from competitions where name = $1`, [LEAGUE])).rows;
  if (!existing) {
    await client.query('begin');
    try {
      const { rows: comp } = await client.query<{ id: number }>(
        `insert into competitions (name, name_ka, country, kind) values ($1, 'საბენჩო ლიგა', 'Benchland', 'league')
         returning id`,
        [LEAGUE],
      );
      const competitionId = comp[0]!.id;
      const { rows: season } = await client.query<{ id: number }>(
        `insert into seasons (competition_id, label, starts_on, ends_on)
         values ($1, '2026/27', (now() - interval '120 days')::date, (now() + interval '200 days')::date) returning id`,
        [competitionId],
      );
      const seasonId = season[0]!.id;
      // The 20 clubs with the most fans, each a team (team k is the k-th biggest club).
      await client.query(
        `insert into teams (name, name_ka, short_name, club_id)
         select name || ' FC', name || ' ფკ', 'BM' || (row_number() over (order by fans_count desc, id) - 1), id
         from clubs order by fans_count desc, id limit 20;
         create temporary table bench_teams on commit drop as
           select substr(short_name, 3)::int as k, id, club_id from teams where short_name ~ '^BM[0-9]+$'`,
      );
      // Every pair once, 10 a round; the rounds a week apart around now. The derby (teams 0 and 1) is live.
      await client.query(
        `insert into fixtures (competition_id, season_id, round, home_team_id, away_team_id, kickoff_at, venue, status,
           minute, score_home, score_away, ht_home, ht_away, finished_at, hand_locked)
         select $1, $2, 'Round ' || (1 + r), h.id, a.id, ko, case when derby then $3 end,
           case when derby then 'live' when ko < now() then 'finished' else 'scheduled' end,
           case when derby then 35 end,
           case when derby then 1 when ko < now() then (hashint8(n) & 3)::int end,
           case when derby then 0 when ko < now() then (hashint8(n + 7) & 3)::int end,
           case when not derby and ko < now() then (hashint8(n) & 3)::int / 2 end,
           case when not derby and ko < now() then (hashint8(n + 7) & 3)::int / 2 end,
           case when not derby and ko < now() then ko + interval '115 minutes' end, true
         from (select p.*, p.i = 0 and p.j = 1 as derby,
                 case when p.i = 0 and p.j = 1 then now() - interval '35 minutes'
                   else now() - interval '10 weeks' + r * interval '7 days' + (n % 10) * interval '2 hours' end as ko
               from (select i, j, row_number() over (order by i, j) - 1 as n, (row_number() over (order by i, j) - 1) / 10 as r
                     from generate_series(0, 19) i, generate_series(0, 19) j where i < j) p) f
         join bench_teams h on h.k = f.i join bench_teams a on a.k = f.j`,
        [competitionId, seasonId, VENUE],
      );
      await client.query(`select burti_recompute_standings($1::int)`, [seasonId]);
      // The administrator who runs the console, and the fans' sessions.
      await client.query(
        `insert into "user" (id, name, email, email_verified, created_at, updated_at)
           values ('bench-admin', 'benchadmin', 'admin@bench.burti.ge', true, now(), now());
         insert into profiles (id, nickname, referral_code, is_admin, created_at, updated_at)
           values ('bench-admin', 'benchadmin', 'rbenchadmin', true, now(), now());
         insert into session (id, token, user_id, expires_at, created_at, updated_at)
           values ('bench-admin-session', 'bench-admin-session', 'bench-admin', now() + interval '30 days', now(), now())`,
      );
      const { rows: derby } = await client.query<{ id: string; home: number; away: number }>(
        `select f.id, h.club_id as home, a.club_id as away from fixtures f
         join teams h on h.id = f.home_team_id join teams a on a.id = f.away_team_id where f.venue = $1`,
        [VENUE],
      );
      const { id: matchId, home, away } = derby[0]!;
      await client.query(
        `insert into session (id, token, user_id, expires_at, created_at, updated_at)
         select 'bench-match-' || p.id, 'bench-match-' || p.id, p.id, now() + interval '30 days', now(), now()
         from profiles p where p.primary_club_id in ($1, $2) and not p.is_blocked
         order by p.id limit ${MAX_FANS}`,
        [home, away],
      );
      await client.query(
        `insert into match_events (fixture_id, kind, minute, side, player, second_player, created_by, created_at) values
           ($1, 'goal', 12, 'home', 'გიორგი ბერიძე', 'Luka Kapanadze', 'bench-admin', now() - interval '23 minutes'),
           ($1, 'yellow', 20, 'away', 'Nika Gelashvili', null, 'bench-admin', now() - interval '15 minutes'),
           ($1, 'substitution', 30, 'away', 'Saba Lobjanidze', 'ოთარ კიტეიშვილი', 'bench-admin', now() - interval '5 minutes')`,
        [matchId],
      );
      await client.query(
        `insert into lineups (fixture_id, side, player, number, position, starter, sort_order)
         select $1, case when n < 16 then 'home' else 'away' end,
           case when n % 2 = 0 then 'მოთამაშე ' || n else 'Player ' || n end,
           1 + n % 16, (array['GK', 'DF', 'MF', 'FW'])[1 + (n % 16) % 4], n % 16 < 11, n
         from generate_series(0, 31) n`,
        [matchId],
      );
      // The thread, from two hours before kick-off to a minute ago, half of it in Georgian script.
      await client.query(
        `with fans as (select id, primary_club_id, nickname, row_number() over (order by id) - 1 as k from profiles
                       where primary_club_id in ($2, $3) and not is_blocked),
              n as (select count(*) as c from fans),
              span as (select now() - interval '155 minutes' as t0, interval '154 minutes' as d)
         insert into posts (author_id, club_id, text, match_id, created_at, updated_at)
         select f.id, f.primary_club_id,
           case when i % 2 = 0
             then 'დერბი! რა თამაშია, ' || f.nickname || ' ამბობს: დღეს ჩვენი დღეა. ' || i
             else 'Derby day #derby: what a game, ' || f.nickname || ' says it is ours today. ' || i end,
           $1::uuid, s.t0 + (i::float8 / $4) * s.d, s.t0 + (i::float8 / $4) * s.d
         from generate_series(1, $4::int) i cross join n cross join span s
         join fans f on f.k = (i::bigint * 7919) % n.c`,
        [matchId, home, away, Math.round(size.posts / 50)],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    await client.query('analyze');
    console.log(`${size.name}: matchday loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const { rows: derby } = await client.query<{ id: string; home: number; away: number; posts: number }>(
    `select f.id, h.club_id as home, a.club_id as away,
       (select count(*)::int from posts p where p.match_id = f.id and p.deleted_at is null) as posts
     from fixtures f join teams h on h.id = f.home_team_id join teams a on a.id = f.away_team_id where f.venue = $1`,
    [VENUE],
  );
  const { rows: fans } = await client.query<{ id: string; token: string }>(
    `select user_id as id, token from session where id like 'bench-match-%' order by id`,
  );
  return {
    matchId: derby[0]!.id,
    homeClubId: derby[0]!.home,
    awayClubId: derby[0]!.away,
    fans,
    adminToken: 'bench-admin-session',
    threadPosts: derby[0]!.posts,
  };
}
