import { PgDialect } from 'drizzle-orm/pg-core';
import { totalsDriftQuery } from '../apps/server/src/modules/leaderboard/leaderboard.queries.js';
import { followingTimelineDriftQuery } from '../apps/server/src/modules/posts/posts.queries.js';

/**
 * A deterministic network of fans, written in set-based SQL (`generate_series`) straight into the real schema.
 * Every "random" choice is a hash of the row number, so two loads of one size are the same rows.
 *
 * Bulk loading runs with triggers and foreign-key checks off (`session_replication_role = replica`) and the
 * secondary indexes dropped, then rebuilds the indexes and computes every counter and rollup from the rows
 * in one pass each: the same values the triggers keep live, which `checkDrift()` proves after the write runs.
 * Each step names the steps it reads; given two connections, steps that do not depend on each other run side by
 * side (the posts beside the likes, one index beside another), given one (PGlite) they run in the listed order.
 * Last, with the triggers back on, the signed-in fans' Following timelines are built as the API builds one.
 */
/** What the loader needs of a connection: pg's Client, or PGlite behind a two-line adapter. */
export type SqlClient = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

export type DatasetSize = {
  name: string;
  fans: number;
  clubs: number;
  posts: number;
  /** Average likes and comments per post; popularity is skewed (a few posts get thousands). */
  likesPerPost: number;
  commentsPerPost: number;
  shares: number;
  follows: number;
  notifications: number;
  ledger: number;
  userBlocks: number;
  adminBlocked: number;
  /** Fans with a real session the load generator signs in as. */
  sessions: number;
  days: number;
};

export const SIZES: Record<'S' | 'M', DatasetSize> = {
  S: {
    name: 'S',
    fans: 10_000,
    clubs: 200,
    posts: 100_000,
    likesPerPost: 10,
    commentsPerPost: 3,
    shares: 30_000,
    follows: 100_000,
    notifications: 200_000,
    ledger: 30_000,
    userBlocks: 500,
    adminBlocked: 20,
    sessions: 200,
    days: 365,
  },
  M: {
    name: 'M',
    fans: 100_000,
    clubs: 200,
    posts: 1_000_000,
    likesPerPost: 10,
    commentsPerPost: 3,
    shares: 300_000,
    follows: 1_000_000,
    notifications: 2_000_000,
    ledger: 300_000,
    userBlocks: 5_000,
    adminBlocked: 200,
    sessions: 200,
    days: 365,
  },
};

/** A uniform number in [0, 1) from a row number and a salt, the same on every run. */
const u = (expr: string, salt: number) =>
  `((hashint8((${expr})::bigint * 1000003 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

export const fanId = (n: number) => `fan-${n}`;
export const sessionToken = (n: number) => `bench-session-${n}`;

/**
 * Tables whose secondary indexes are dropped during the load and rebuilt after it, each with the load step that
 * writes its rows (the leaderboard's rollups are written after its indexes are built).
 */
const ROWS_OF: Record<string, string> = {
  posts: 'posts',
  likes: 'likes',
  comments: 'comments',
  shares: 'shares',
  follows: 'follows',
  notifications: 'notifications',
  notification_actors: 'notification actors',
  goal_ledger: 'ledger',
  leaderboard_daily: 'plan',
};
const BULK_TABLES = Object.keys(ROWS_OF);

/** A step of the load: `after` names the steps whose rows it reads or whose rows it updates too. */
type Step = { label: string; sql: string; after: string[] };

function loadSteps(s: DatasetSize): Step[] {
  const F = s.fans;
  const P = s.posts;
  // Popularity: a Pareto-like tail (u^-1/2) so the mean is close to the asked average and a few posts are huge.
  const likeCount = (i: string) =>
    `least(${F - 1}, floor(${s.likesPerPost / 2 + 0.27} / sqrt(greatest(${u(i, 11)}, 1e-9))))::int`;
  const commentCount = (i: string) =>
    `least(2000, floor(${s.commentsPerPost / 2 + 0.25} / sqrt(greatest(${u(i, 13)}, 1e-9))))::int`;
  return [
    {
      label: 'clubs',
      after: [],
      sql: `insert into clubs (name, country, league)
        select 'Bench Club ' || g, 'Benchland', 'Bench League ' || (g % 10)
        from generate_series(1, greatest(0, ${s.clubs} - (select count(*) from clubs))) g`,
    },
    {
      label: 'fans',
      after: ['clubs'],
      sql: `
        create temporary table bench_clubs as select row_number() over (order by id) - 1 as k, id from clubs;
        insert into "user" (id, name, email, email_verified, created_at, updated_at)
          select 'fan-' || i, 'fan' || i, 'fan' || i || '@bench.burti.ge', true,
            now() - interval '400 days' + (i::float8 / ${F}) * interval '399 days',
            now() - interval '400 days' + (i::float8 / ${F}) * interval '399 days'
          from generate_series(1, ${F}) i;
        insert into profiles (id, nickname, referral_code, primary_club_id, is_blocked, blocked_at, created_at, updated_at)
          select 'fan-' || i, 'fan' || i, 'r' || i, c.id,
            i % ${Math.max(1, Math.floor(F / s.adminBlocked))} = 7, null,
            now() - interval '400 days' + (i::float8 / ${F}) * interval '399 days',
            now() - interval '400 days' + (i::float8 / ${F}) * interval '399 days'
          from generate_series(1, ${F}) i
          join bench_clubs c on c.k = floor(power(${u('i', 1)}, 2) * (select count(*) from bench_clubs))::int;
        update profiles set blocked_at = now() - interval '1 day' where is_blocked;
        insert into session (id, token, user_id, expires_at, created_at, updated_at)
          select 'bench-session-' || i, 'bench-session-' || i, 'fan-' || i, now() + interval '30 days', now(), now()
          from generate_series(1, ${s.sessions}) i;`,
    },
    {
      // Who writes what, before any row is written: the posts, and the shares (so that a post is written with
      // its share count rather than updated after).
      label: 'plan',
      after: ['fans'],
      sql: `
        create table bench_posts as
          select i as n, pg_temp.bench_uuid('post-' || i) as id,
            1 + floor(power(${u('i', 2)}, 2) * ${F})::int as author,
            now() - interval '${s.days} days' + ((i::float8 - ${u('i', 3)}) / ${P}) * interval '${s.days} days' as created_at,
            ${likeCount('i')} as likes, ${commentCount('i')} as comments
          from generate_series(1, ${P}) i;
        create table bench_shares as
          select distinct on (b.id, sharer) b.id as post_id, 'fan-' || sharer as user_id,
            least(now(), b.created_at + interval '30 minutes') as created_at
          from (select i, 1 + floor(power(${u('i', 4)}, 3) * ${P})::int as post, 1 + floor(${u('i', 5)} * ${F})::int as sharer
                from generate_series(1, ${s.shares}) i) x
          join bench_posts b on b.n = x.post;`,
    },
    {
      // Counters that follow from the generated numbers are written with the rows.
      label: 'posts',
      after: ['plan'],
      sql: `insert into posts (id, author_id, club_id, text, created_at, updated_at, deleted_at, likes_count, comments_count, shares_count)
        select b.id, 'fan-' || b.author, p.primary_club_id,
          'Match day ' || b.n || ': what a game from the lads, ' || p.nickname || ' says the derby is ours',
          b.created_at, b.created_at, case when b.n % 97 = 5 then b.created_at + interval '1 hour' end,
          b.likes, b.comments, coalesce(s.n, 0)
        from bench_posts b join profiles p on p.id = 'fan-' || b.author
          left join (select post_id, count(*)::int as n from bench_shares group by 1) s on s.post_id = b.id
        order by b.n`,
    },
    {
      label: 'likes',
      after: ['plan'],
      sql: `insert into likes (post_id, user_id, created_at)
        select b.id, 'fan-' || (1 + (b.author + 1 + (j * 7919::bigint) + b.n) % ${F}),
          least(now(), b.created_at + (j + 1) * interval '2 minutes')
        from bench_posts b, generate_series(0, b.likes - 1) j`,
    },
    {
      label: 'comments',
      after: ['plan'],
      // Of c comments the first r = ceil(2c/3) are roots, and the q = c - r others reply to the first
      // m = ceil(q / 20) roots in turn (reply k to root (k - r) % m), so a busy post has threads of about 20
      // replies, a full page of the replies endpoint, and a post with three comments one thread of one reply.
      sql: `insert into comments (id, post_id, author_id, parent_comment_id, body, created_at, reply_count)
        select pg_temp.bench_uuid('comment-' || b.n || '-' || j), b.id,
          'fan-' || (1 + (b.n * 31 + j * 104729::bigint) % ${F}),
          case when j >= b.r then pg_temp.bench_uuid('comment-' || b.n || '-' || ((j - b.r) % b.m)) end,
          'Great goal! Comment ' || j || ' on ' || b.n,
          least(now(), b.created_at + (j + 1) * interval '5 minutes'),
          case when j < least(b.m, b.comments - b.r) then ceil((b.comments - b.r - j) / b.m::numeric)::int else 0 end
        from (
          select b.*, ceil(b.comments * 2 / 3.0)::int as r,
            greatest(1, ceil((b.comments - ceil(b.comments * 2 / 3.0)::int) / 20.0)::int) as m
          from bench_posts b
        ) b, generate_series(0, b.comments - 1) j`,
    },
    {
      label: 'shares',
      after: ['plan'],
      sql: `insert into shares (post_id, user_id, created_at) select post_id, user_id, created_at from bench_shares`,
    },
    {
      label: 'follows',
      after: ['fans'],
      sql: `insert into follows (follower_id, following_id, created_at)
        select distinct on (a, b) 'fan-' || a, 'fan-' || b, now() - (${u('i', 8)} * interval '300 days')
        from (select i, 1 + floor(${u('i', 6)} * ${F})::int as a, 1 + floor(power(${u('i', 7)}, 3) * ${F})::int as b
              from generate_series(1, ${s.follows}) i) x
        where a <> b`,
    },
    {
      label: 'blocks',
      after: ['fans'],
      sql: `insert into user_blocks (blocker_id, blocked_id, created_at)
        select distinct on (a, b) 'fan-' || a, 'fan-' || b, now() - interval '10 days'
        from (select i, 1 + floor(${u('i', 9)} * ${F})::int as a, 1 + floor(${u('i', 10)} * ${F})::int as b
              from generate_series(1, ${s.userBlocks}) i) x
        where a <> b`,
    },
    {
      label: 'notifications',
      after: ['posts', 'likes'],
      // The likes of the most recent posts notify their authors, one grouped row per post (its latest liker as
      // the face, every liker in notification_actors, as the API groups them); 20 % of the groups are unread.
      sql: `insert into notifications (user_id, type, actor_id, post_id, dedupe_key, actor_count, created_at, read_at, post_text)
        select g.author_id, 'like', g.latest_user, g.post_id, 'like:' || g.author_id || ':' || g.post_id, g.members,
          g.latest_at, case when ${u('row_number() over ()', 12)} < 0.2 then null else g.latest_at + interval '1 hour' end,
          g.post_text
        from (
          select p.author_id, l.post_id, count(*)::int as members, max(l.created_at) as latest_at,
            (array_agg(l.user_id order by l.created_at desc))[1] as latest_user,
            min(case when p.deleted_at is null then left(p.text, 200) end) as post_text
          from (select * from likes order by created_at desc limit ${s.notifications}) l
          join posts p on p.id = l.post_id
          where p.author_id <> l.user_id
          group by p.author_id, l.post_id
        ) g`,
    },
    {
      label: 'notification actors',
      after: ['notifications'],
      sql: `insert into notification_actors (notification_id, actor_id, created_at)
        select n.id, l.user_id, l.created_at
        from (select * from likes order by created_at desc limit ${s.notifications}) l
        join posts p on p.id = l.post_id
        join notifications n on n.dedupe_key = 'like:' || p.author_id || ':' || l.post_id
        where p.author_id <> l.user_id`,
    },
    {
      label: 'ledger',
      after: ['fans'],
      sql: `insert into goal_ledger (user_id, amount, kind, source_id, created_at)
        select 'fan-' || (1 + floor(power(${u('i', 14)}, 2) * ${F})::int), 35, 'referral', 'bench-' || i,
          now() - (${u('i', 15)} * interval '300 days')
        from generate_series(1, ${s.ledger}) i`,
    },
  ];
}

/** Every counter and rollup the triggers keep, computed from the rows in one pass each. */
const COUNTER_STEPS: Step[] = [
  {
    label: 'profile counters',
    after: ['posts', 'follows'],
    sql: `update profiles pr set followers_count = coalesce(fr.n, 0), following_count = coalesce(fg.n, 0), posts_count = coalesce(po.n, 0)
      from profiles p0
      left join (select following_id, count(*)::int n from follows group by 1) fr on fr.following_id = p0.id
      left join (select follower_id, count(*)::int n from follows group by 1) fg on fg.follower_id = p0.id
      left join (select author_id, count(*)::int n from posts where deleted_at is null group by 1) po on po.author_id = p0.id
      where pr.id = p0.id`,
  },
  {
    label: 'goal balances',
    after: ['ledger', 'profile counters'],
    sql: `update profiles pr set goal_balance = g.total
      from (select user_id, sum(amount)::int total from goal_ledger group by 1) g where pr.id = g.user_id`,
  },
  {
    label: 'club counters',
    after: ['posts'],
    sql: `update clubs c set fans_count = coalesce(f.n, 0), posts_count = coalesce(p.n, 0)
      from clubs c0
      left join (select primary_club_id, count(*)::int n from profiles group by 1) f on f.primary_club_id = c0.id
      left join (select club_id, count(*)::int n from posts where deleted_at is null group by 1) p on p.club_id = c0.id
      where c.id = c0.id`,
  },
  {
    label: 'leaderboard rollups',
    after: ['posts', 'likes', 'comments', 'shares', 'index leaderboard_daily'],
    sql: `insert into leaderboard_daily (user_id, day, likes, comments, shares)
      select p.author_id, (a.created_at at time zone 'UTC')::date, sum(a.l)::int, sum(a.c)::int, sum(a.s)::int
      from (
        select post_id, user_id as actor, created_at, 1 l, 0 c, 0 s from likes
        union all select post_id, author_id, created_at, 0, 1, 0 from comments
        union all select post_id, user_id, created_at, 0, 0, 1 from shares
      ) a
      join posts p on p.id = a.post_id
      where p.deleted_at is null and a.actor <> p.author_id
      group by 1, 2`,
  },
  {
    label: 'leaderboard totals',
    after: ['leaderboard rollups'],
    sql: `update leaderboard_clock set as_of = (now() at time zone 'UTC')::date;
      select burti_leaderboard_rebuild(period, days, as_of) from leaderboard_clock;
      select burti_leaderboard_rebuild('all', null, null);`,
  },
  {
    label: 'site counters',
    after: ['fans'],
    sql: `update site_counters set value = (select count(*) from profiles) where name = 'users';
      update site_counters set value = (select count(*) from profiles where is_blocked) where name = 'blocked_users';`,
  },
];

/**
 * With the triggers back on, one connection: the signed-in fans have opened their Following feed before, as fans
 * of a network in use have, so their timelines are built as the API builds one on a first read. Left empty, the
 * first reads of a run would build them, with statistics that still called the table empty, and the API's
 * connections would keep a generic plan made then. Then the statistics.
 */
function finalSteps(s: DatasetSize): Step[] {
  return [
    {
      label: 'following timelines',
      after: [],
      sql: `do $$ begin
        for i in 1..${s.sessions} loop
          perform burti_following_timeline_open('fan-' || i);
          -- The build waits for every transaction of the server in progress when it began (other databases'
          -- too): a machine shared with test runs can hold one open for longer than a second.
          if not burti_following_timeline_build('fan-' || i, interval '1 minute') then
            raise exception 'the Following timeline of fan-% was not built', i;
          end if;
        end loop;
      end $$`,
    },
    { label: 'vacuum analyze', after: ['following timelines'], sql: 'vacuum analyze' },
  ];
}

type IndexDef = { table: string; name: string; def: string; constraint: boolean };

async function secondaryIndexes(client: SqlClient): Promise<IndexDef[]> {
  const { rows } = await client.query(
    `select t.relname as "table", i.relname as name, pg_get_indexdef(i.oid) as def,
       exists (select 1 from pg_constraint c where c.conindid = i.oid) as "constraint"
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     join pg_namespace ns on ns.oid = t.relnamespace
     where ns.nspname = 'public' and t.relname = any($1) and not x.indisprimary and not x.indisunique`,
    [BULK_TABLES],
  );
  return rows as IndexDef[];
}

export type LoadReport = { steps: { label: string; seconds: number }[]; seconds: number };

/**
 * Runs steps on the given connections, each connection taking the first step in the list whose `after` steps
 * have all finished. With one connection that is the listed order.
 */
async function runSteps(clients: SqlClient[], steps: Step[], onDone: (label: string, seconds: number) => void) {
  const done = new Set<string>();
  const pending = [...steps];
  let running = 0;
  const failures: Error[] = [];
  let waiting: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of waiting) wake();
    waiting = [];
  };
  const worker = async (client: SqlClient) => {
    while (pending.length > 0 && failures.length === 0) {
      const index = pending.findIndex((step) => step.after.every((label) => done.has(label)));
      if (index < 0) {
        // Nothing is ready until a step another connection is running finishes (if none is, nothing ever is).
        if (running === 0) return;
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      const step = pending.splice(index, 1)[0]!;
      running++;
      const t = Date.now();
      try {
        if (step.sql) await client.query(step.sql);
        done.add(step.label);
        onDone(step.label, (Date.now() - t) / 1000);
      } catch (error) {
        failures.push(error instanceof Error ? error : new Error(String(error)));
      } finally {
        running--;
        wakeAll();
      }
    }
  };
  await Promise.all(clients.map(worker));
  if (failures[0]) throw failures[0];
  if (pending.length > 0) throw new Error(`load steps never ready: ${pending.map((step) => step.label).join(', ')}`);
}

/**
 * Loads a size into an empty, migrated database. Given several connections to it, steps that do not depend on
 * each other run side by side.
 */
export async function loadDataset(
  connections: SqlClient | SqlClient[],
  size: DatasetSize,
  log = console.log,
): Promise<LoadReport> {
  const clients = Array.isArray(connections) ? connections : [connections];
  const client = clients[0]!;
  const started = Date.now();
  const steps: LoadReport['steps'] = [];
  for (const each of clients) {
    // Ids are hashes of the row names, shaped as version-4 UUIDs (the API accepts only well-formed ones).
    await each.query(`set maintenance_work_mem = '1GB'; set work_mem = '256MB'; set synchronous_commit = off;
      set max_parallel_maintenance_workers = 2; set session_replication_role = replica;
      create or replace function pg_temp.bench_uuid(name text) returns uuid language sql immutable as
        $$ select overlay(overlay(md5(name) placing '4' from 13) placing '8' from 17)::uuid $$`);
  }
  const indexes = await secondaryIndexes(client);
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  const indexSteps: Step[] = Object.entries(ROWS_OF).map(([table, rows]) => ({
    label: `index ${table}`,
    after: [rows],
    sql: indexes
      .filter((index) => index.table === table)
      .map((index) => index.def)
      .join(';\n'),
  }));
  const record = (label: string, seconds: number) => {
    steps.push({ label, seconds });
    log(`  ${size.name}: ${label} ${seconds.toFixed(1)} s`);
  };
  await runSteps(clients, [...loadSteps(size), ...indexSteps, ...COUNTER_STEPS], record);
  await client.query(`drop table bench_posts; drop table bench_shares`);
  for (const each of clients) await each.query('set session_replication_role = origin');
  await runSteps([client], finalSteps(size), record);
  const seconds = (Date.now() - started) / 1000;
  return { steps, seconds };
}

/**
 * Counters and rollups recomputed from the rows, compared with what the database holds. Every number is a
 * count of rows that differ: all zero means the triggers and the loader agree with the facts.
 */
export async function checkDrift(client: SqlClient): Promise<Record<string, number>> {
  // Each check joins the stored value with a recount grouped in one pass (hash aggregates, no per-row lookups).
  const recount = (table: string, key: string, column: string, source: string, sourceKey: string, where = 'true') =>
    `select count(*) from ${table} t
       left join (select ${sourceKey} as k, count(*)::int as n from ${source} where ${where} group by 1) r on r.k = t.${key}
     where t.${column} <> coalesce(r.n, 0)`;
  const checks: Record<string, string> = {
    'posts.likes_count': recount('posts', 'id', 'likes_count', 'likes', 'post_id'),
    'posts.comments_count': recount('posts', 'id', 'comments_count', 'comments', 'post_id'),
    'posts.shares_count': recount('posts', 'id', 'shares_count', 'shares', 'post_id'),
    'comments.reply_count': recount(
      'comments',
      'id',
      'reply_count',
      'comments',
      'parent_comment_id',
      'parent_comment_id is not null',
    ),
    'profiles.followers_count': recount('profiles', 'id', 'followers_count', 'follows', 'following_id'),
    'profiles.following_count': recount('profiles', 'id', 'following_count', 'follows', 'follower_id'),
    'profiles.posts_count': recount('profiles', 'id', 'posts_count', 'posts', 'author_id', 'deleted_at is null'),
    'clubs.fans_count': recount('clubs', 'id', 'fans_count', 'profiles', 'primary_club_id'),
    'profiles.goal_balance': `select count(*) from profiles t
       left join (select user_id, sum(amount)::int as total from goal_ledger group by 1) g on g.user_id = t.id
     where t.goal_balance <> coalesce(g.total, 0)`,
    'clubs.posts_count': recount('clubs', 'id', 'posts_count', 'posts', 'club_id', 'deleted_at is null'),
    'notifications.post_text': `select count(*) from notifications n left join posts p on p.id = n.post_id
       where n.post_text is distinct from (case when p.deleted_at is null then left(p.text, 200) end)`,
    leaderboard_daily: `with activity as (
        select post_id, user_id as actor, created_at, 1 l, 0 c, 0 s from likes
        union all select post_id, author_id, created_at, 0, 1, 0 from comments
        union all select post_id, user_id, created_at, 0, 0, 1 from shares),
      expected as (
        select p.author_id as user_id, (a.created_at at time zone 'UTC')::date as day,
          sum(a.l)::int likes, sum(a.c)::int comments, sum(a.s)::int shares
        from activity a join posts p on p.id = a.post_id
        where p.deleted_at is null and a.actor <> p.author_id group by 1, 2)
      select count(*) from expected e full join leaderboard_daily d on d.user_id = e.user_id and d.day = e.day
      where coalesce(e.likes, 0) <> coalesce(d.likes, 0) or coalesce(e.comments, 0) <> coalesce(d.comments, 0)
        or coalesce(e.shares, 0) <> coalesce(d.shares, 0)`,
  };
  const { sql: totals } = new PgDialect().sqlToQuery(totalsDriftQuery);
  checks.leaderboard_totals = `select count(*) from (${totals}) d`;
  const { sql: timelines } = new PgDialect().sqlToQuery(followingTimelineDriftQuery());
  checks.following_timeline = `select drift as count from (${timelines}) d`;
  const drift: Record<string, number> = {};
  await client.query(`set work_mem = '256MB'`);
  // The rollups are exact once what writers left pending is applied (0094), as a board read applies it first.
  await client.query('select burti_leaderboard_apply()');
  for (const [name, text] of Object.entries(checks)) {
    const { rows } = await client.query(text);
    drift[name] = Number((rows[0] as { count: string | number }).count);
  }
  return drift;
}
