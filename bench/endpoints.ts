import { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import {
  CLUB_FEED_PAGE_SIZE,
  COMMENTS_PAGE_SIZE,
  MATCH_THREAD_PAGE_SIZE,
  FEED_PAGE_SIZE,
  FOLLOWING_FEED_PAGE_SIZE,
  GROUP_PUSH_INTERVAL_SECONDS,
  NOTIFICATIONS_LIMIT,
  SEARCH_FANS_PAGE_SIZE,
  SEARCH_POSTS_PAGE_SIZE,
} from '@burti/shared';
import { notifyStatement, type Statement, statementName } from '../apps/server/src/db/client.js';
import { coalesce } from '../apps/server/src/db/coalesce.js';
import { decodeCursor, encodeCursor } from '../apps/server/src/lib/cursor.js';
import type { SqlClient } from './dataset.js';
import { threadPageQuery } from '../apps/server/src/modules/comments/comments.queries.js';
import { leaderboardQuery } from '../apps/server/src/modules/leaderboard/leaderboard.queries.js';
import { listNotificationsQuery } from '../apps/server/src/modules/notifications/notifications.queries.js';
import { QUEUES } from '../apps/server/src/lib/jobs.js';
import { EVENTS_CHANNEL } from '../apps/server/src/lib/realtime.js';
import { joinGroupQuery } from '../apps/server/src/modules/notifications/notifications.queries.js';
import {
  planPostSearch,
  type PostSearchPlan,
  searchFansQuery,
  searchPostsQuery,
  searchTerms,
} from '../apps/server/src/modules/search/search.queries.js';
import { matchDetailQuery, threadPostsQuery } from '../apps/server/src/modules/matches/matches.queries.js';
import {
  findPostViewQuery,
  followingTimelineQuery,
  listPostsQuery,
  reactionCounts,
  reactionQuery,
  type InteractionTarget,
} from '../apps/server/src/modules/posts/posts.queries.js';

/** Rows picked from the loaded dataset that the endpoints read: the same for the API and the baseline. */
export type Fixtures = {
  clubId: number;
  /** A cursor some 2,000 posts deep into the club's feed. */
  deepCursor: string;
  postId: string;
  commentId: string;
  /** How the API searches the rare pair (planPostSearch() over the posts' statistics). */
  rarePlan: PostSearchPlan;
};

export type BareContext = {
  viewer: string;
  params: URLSearchParams;
  run: (query: SQL | Statement, client?: pg.Pool | pg.PoolClient) => Promise<unknown[]>;
  pool: pg.Pool;
};

export type BareEndpoint = {
  status?: number;
  handle(context: BareContext): Promise<unknown>;
  explain(viewer: string, params: URLSearchParams): (SQL | Statement)[];
};

/** Picks the rows the endpoints read from a loaded dataset (the same for both engines). */
export async function fixtures(client: SqlClient): Promise<Fixtures> {
  const one = async <T>(text: string) => ((await client.query(text)).rows as T[])[0]!;
  const club = await one<{ id: number }>(`select id from clubs order by posts_count desc, id limit 1`);
  const deep = await one<{ at: string; id: string }>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, id::text as id from posts
     where club_id = ${club.id} and deleted_at is null order by created_at desc, id desc offset 2000 limit 1`,
  );
  // A popular recent post with many comments, and its busiest root comment.
  const post = await one<{ id: string }>(
    `select p.id from posts p join profiles a on a.id = p.author_id
     where p.deleted_at is null and not a.is_blocked and p.created_at > now() - interval '30 days'
     order by p.comments_count desc limit 1`,
  );
  const comment = await one<{ id: string }>(
    `select id from comments where post_id = '${post.id}' and parent_comment_id is null order by reply_count desc limit 1`,
  );
  const { rows: common } = await client.query(
    `select e.lexeme, s.most_common_elem_freqs[e.n]::float8 as share
     from pg_stats s, unnest(s.most_common_elems::text::text[]) with ordinality as e(lexeme, n)
     where s.schemaname = current_schema() and s.tablename = 'posts' and s.attname = 'search_vector'`,
  );
  return {
    clubId: club.id,
    deepCursor: encodeCursor({ at: deep.at, id: deep.id }),
    postId: post.id,
    commentId: comment.id,
    rarePlan: planPostSearch(terms(SEARCH_RARE_POST_WORDS).words, common as { lexeme: string; share: number }[]),
  };
}

/** A read endpoint of the benchmark: the API's path, and the baseline's SQL for the same answer. */
export type ReadEndpoint = {
  name: string;
  api: (f: Fixtures) => string;
  /** The statements of one answer, in the API's order. */
  sql: (viewer: string, f: Fixtures) => (SQL | Statement)[];
  /** The API sends them one after the other (a check, then the read); otherwise side by side. */
  sequential?: boolean;
  /** Sent as a browser sends it: both sides then compress their answer (the baseline as the API does). */
  acceptEncoding?: string;
  /** Only the first this many signed-in fans ask (all of them when unset). */
  viewers?: number;
};

/**
 * What the search endpoints look for: a nickname prefix (1,111 of M's fans start with it); two words every post
 * of the dataset has (the walk down the feed index fills the page); and a rare pair (one fan's nickname, named in
 * their own posts), for which the walk comes back short and the API gathers the matches from the GIN index.
 */
export const SEARCH_FAN_PREFIX = 'fan12';
export const SEARCH_POST_WORDS = 'derby lads';
export const SEARCH_RARE_POST_WORDS = 'fan4242 derby';
const terms = (text: string) => searchTerms(text)!;
const searchPosts = (viewerId: string, words: string, way: 'walk' | 'gather', indexWords?: string) =>
  searchPostsQuery({
    viewerId,
    words: terms(words).words,
    cursor: null,
    limit: SEARCH_POSTS_PAGE_SIZE + 1,
    way,
    indexWords,
  });

/** How many of the `sessions` signed-in fans ask for an endpoint. */
export function viewersOf(endpoint: ReadEndpoint, sessions: number): number {
  return Math.min(endpoint.viewers ?? sessions, sessions);
}

/** The headers an endpoint's requests carry beyond who asks: its Accept-Encoding, when it has one. */
export function encodingHeaders(endpoint: ReadEndpoint): Record<string, string> {
  return endpoint.acceptEncoding ? { 'accept-encoding': endpoint.acceptEncoding } : {};
}

export const READS: ReadEndpoint[] = [
  {
    name: 'feed',
    api: () => '/api/feed',
    sql: (viewerId) => [listPostsQuery({ viewerId, cursor: null, limit: FEED_PAGE_SIZE + 1 })],
  },
  {
    // The feed as a browser asks for it, accepting brotli: what compressing each answer costs.
    name: 'feed-br',
    api: () => '/api/feed',
    sql: (viewerId) => [listPostsQuery({ viewerId, cursor: null, limit: FEED_PAGE_SIZE + 1 })],
    acceptEncoding: 'gzip, deflate, br, zstd',
  },
  {
    name: 'club-feed',
    api: (f) => `/api/clubs/${f.clubId}/posts`,
    sql: (viewerId, f) => [
      listPostsQuery({ viewerId, clubId: f.clubId, cursor: null, limit: CLUB_FEED_PAGE_SIZE + 1 }),
    ],
  },
  {
    name: 'club-feed-deep',
    api: (f) => `/api/clubs/${f.clubId}/posts?cursor=${f.deepCursor}`,
    sql: (viewerId, f) => [
      listPostsQuery({
        viewerId,
        clubId: f.clubId,
        cursor: decodeCursor(f.deepCursor),
        limit: CLUB_FEED_PAGE_SIZE + 1,
      }),
    ],
  },
  {
    name: 'post',
    api: (f) => `/api/posts/${f.postId}`,
    sql: (viewerId, f) => [findPostViewQuery(viewerId, f.postId)],
  },
  {
    name: 'comments',
    api: (f) => `/api/posts/${f.postId}/comments`,
    sql: (viewerId, f) => [
      threadPageQuery({ viewerId, postId: f.postId, cursor: null, limit: COMMENTS_PAGE_SIZE + 1 }),
    ],
  },
  {
    name: 'replies',
    api: (f) => `/api/comments/${f.commentId}/replies`,
    sql: (viewerId, f) => [
      threadPageQuery({ viewerId, parentId: f.commentId, cursor: null, limit: COMMENTS_PAGE_SIZE + 1 }),
    ],
  },
  ...(['7d', '30d', 'all'] as const).map((window): ReadEndpoint => ({
    name: `leaderboard-${window}`,
    api: (f) => `/api/leaderboard?clubId=${f.clubId}&window=${window}`,
    sql: (viewerId, f) => [leaderboardQuery({ clubId: f.clubId, viewerId, window })],
  })),
  {
    name: 'notifications',
    api: () => '/api/notifications',
    sql: (viewerId) => [listNotificationsQuery(viewerId, NOTIFICATIONS_LIMIT)],
  },
  {
    name: 'following',
    api: () => '/api/feed/following',
    // The first page of a built timeline: the API merges older items only for deeper pages.
    sql: (viewerId) => [followingTimelineQuery({ viewerId, cursor: null, limit: FOLLOWING_FEED_PAGE_SIZE + 1 })],
  },
  {
    // The same page, every request from one fan: the posts and authors it reads are then the same for every
    // request, as the global feed's 50 newest are for every fan. Beside 'following' it sets the page's own work
    // apart from what it costs that each fan reads posts of their own.
    name: 'following-one-fan',
    api: () => '/api/feed/following',
    sql: (viewerId) => [followingTimelineQuery({ viewerId, cursor: null, limit: FOLLOWING_FEED_PAGE_SIZE + 1 })],
    viewers: 1,
  },
  {
    name: 'search-fans',
    api: () => `/api/search/fans?q=${encodeURIComponent(SEARCH_FAN_PREFIX)}`,
    sql: (viewerId) => [
      searchFansQuery({ viewerId, terms: terms(SEARCH_FAN_PREFIX), after: null, limit: SEARCH_FANS_PAGE_SIZE + 1 }),
    ],
  },
  {
    name: 'search-posts',
    api: () => `/api/search/posts?q=${encodeURIComponent(SEARCH_POST_WORDS)}`,
    sql: (viewerId) => [searchPosts(viewerId, SEARCH_POST_WORDS, 'walk')],
  },
  {
    name: 'search-posts-rare',
    api: () => `/api/search/posts?q=${encodeURIComponent(SEARCH_RARE_POST_WORDS)}`,
    sequential: true,
    sql: (viewerId, f) => [
      ...(f.rarePlan.walkFirst ? [searchPosts(viewerId, SEARCH_RARE_POST_WORDS, 'walk')] : []),
      searchPosts(viewerId, SEARCH_RARE_POST_WORDS, 'gather', f.rarePlan.indexWords),
    ],
  },
];

const dialect = new PgDialect();

/** A named statement's text and values: built by drizzle, or built once per shape (`statement()`). */
export function toQuery(query: SQL | Statement) {
  if (!(query instanceof SQL)) return { name: query.name, text: query.text, values: query.values as unknown[] };
  const { sql: text, params: values } = dialect.sqlToQuery(query);
  return { name: statementName(text), text, values };
}

/** The baseline's handlers, for the fixtures the runner passes in BENCH_FIXTURES. */
export function readEndpoints(): Record<string, BareEndpoint> {
  const fixtures = JSON.parse(process.env.BENCH_FIXTURES ?? '{}') as Fixtures;
  const handlers: Record<string, BareEndpoint> = {};
  for (const endpoint of READS) {
    handlers[endpoint.name] = {
      // Statements of one answer run as the API's services run them: in turn, or side by side.
      handle: async ({ viewer, run }) => {
        const queries = endpoint.sql(viewer, fixtures);
        if (!endpoint.sequential) return Promise.all(queries.map((query) => run(query)));
        const answers: unknown[] = [];
        for (const query of queries) answers.push(await run(query));
        return answers;
      },
      explain: (viewer) => endpoint.sql(viewer, fixtures),
    };
  }
  handlers.like = likeEndpoint();
  Object.assign(handlers, MATCHDAY_READS);
  return handlers;
}

/**
 * The matchday reads (bench/matchday.ts), for the match named by `?match=`: the match page's one statement, and the
 * thread's first page, as the API's services send them.
 */
export const MATCHDAY_SQL: Record<'match' | 'thread', (viewer: string, matchId: string) => (SQL | Statement)[]> = {
  match: (viewerId, matchId) => [matchDetailQuery(matchId, viewerId)],
  thread: (viewerId, matchId) => [
    threadPostsQuery({ viewerId, matchId, cursor: null, limit: MATCH_THREAD_PAGE_SIZE + 1 }),
  ],
};
const MATCHDAY_READS: Record<string, BareEndpoint> = Object.fromEntries(
  Object.entries(MATCHDAY_SQL).map(([name, sql]) => [
    name,
    {
      handle: async ({ viewer, params, run }) => run(sql(viewer, params.get('match') ?? '')[0]!),
      explain: (viewer, params) => sql(viewer, params.get('match') ?? ''),
    },
  ]),
);

/**
 * The like toggle as the API's service sends it (posts.service setReaction, notifications.service notifyUser):
 * a like is one transaction with the same statements, including the push job pg-boss inserts, and its live event
 * follows the commit, coalesced as notify() coalesces the API's; an unlike is the reaction statement alone. Both
 * answer the counts the reaction statement read, with its change.
 */
export function likeEndpoint(): BareEndpoint {
  let boss: PgBoss | undefined;
  let sendEvent: ((payload: string) => Promise<void>) | undefined;
  return {
    async handle({ viewer, params, pool }) {
      const postId = params.get('post') ?? '';
      const on = params.get('on') === '1';
      const client = await pool.connect();
      // Every statement is prepared by name, as queryPrepared does (pg-boss sends its own as they are).
      const run = async <T>(query: SQL | Statement) => (await client.query(toQuery(query))).rows as T[];
      const refuse = (target: InteractionTarget | undefined) => {
        if (!target || target.deleted || target.author_blocked || target.blocked) throw new Error('not a target');
        return target;
      };
      let event: string | undefined;
      let counts: { likesCount: number; sharesCount: number };
      try {
        if (!on) {
          const target = refuse((await run<InteractionTarget>(reactionQuery('like', false, viewer, postId)))[0]);
          return reactionCounts(target, 'like', false);
        }
        await client.query('begin');
        const target = refuse((await run<InteractionTarget>(reactionQuery('like', true, viewer, postId)))[0]);
        if (target.changed && target.author_id !== viewer) {
          // The like joins the post's group (likes of a post are one row): one statement, as notifyUser sends it.
          const [row] = await run<{ id: string; push_due: boolean }>(
            joinGroupQuery({
              userId: target.author_id,
              actorId: viewer,
              type: 'like',
              postId,
              groupKey: `like:${target.author_id}:${postId}`,
              pushIntervalSeconds: GROUP_PUSH_INTERVAL_SECONDS,
            }),
          );
          if (row) {
            if (row.push_due) {
              boss ??= new PgBoss({ db: { executeSql: () => Promise.resolve({ rows: [] }) }, schema: 'pgboss' });
              await boss.send(
                'push',
                { notificationId: row.id },
                {
                  ...QUEUES.push,
                  db: { executeSql: async (text, values) => client.query(text, values) },
                },
              );
            }
            event = JSON.stringify({ userId: target.author_id, event: row });
          }
        }
        await client.query('commit');
        counts = reactionCounts(target, 'like', true);
      } catch (error) {
        if (on) await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      // The live event once the like has committed and its connection is back in the pool, coalesced with those
      // of other likes: as notify() sends it after the API's transaction.
      if (event) {
        sendEvent ??= coalesce<string>(async (payloads) => {
          await pool.query(toQuery(notifyStatement(EVENTS_CHANNEL, payloads)));
        });
        await sendEvent(event);
      }
      return counts;
    },
    explain: (viewer, params) => [reactionQuery('like', true, viewer, params.get('post') ?? '')],
  };
}
