import { SEARCH_QUERY_MAX, searchKey } from '@burti/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor, rowLimit, type Statement, statement } from '../../db/client.js';
import { versionedAvatarColumn } from '../../lib/avatar.js';
import type { Cursor } from '../../lib/cursor.js';
import { blockedWith, visibleAuthor } from '../../lib/visibility.js';
import { cursorTime, postListColumns, type PostRow } from '../../lib/post-rows.js';

/**
 * Search terms, folded by searchKey() the way migration 0070's burti_search_key() folded the stored text.
 * `key` is the whole search; `words` its words as a full-text query (every word a prefix).
 */
export type SearchTerms = { key: string; words: string };

/**
 * The search as terms: its key (searchKey(), the fold migration 0070 stores), and its words as a full-text
 * query in which every word is a prefix ("dinamo tbil" while the fan is still typing, "tbil dinamo" too).
 * Null when nothing is left to look for (only spaces, punctuation or symbols). Keys hold letters and digits
 * only, so no word can carry a full-text operator.
 */
export function searchTerms(text: string): SearchTerms | null {
  // Bounded: a few characters can fold into many ("ﷺ" into 18 letters), and PostgreSQL refuses words over 2 KB.
  const key = searchKey(text).slice(0, 2 * SEARCH_QUERY_MAX);
  if (!key) return null;
  const words = key.split(' ').filter(Boolean);
  return { key, words: words.map((word) => `${word.slice(0, SEARCH_QUERY_MAX)}:*`).join(' & ') };
}

/** Where a page of fans ended: the tier (0 nickname starts with the search, 1 a word in it does), key, id. */
export type FanCursor = { tier: 0 | 1; key: string; id: string };

export type FanRow = {
  tier: number;
  search_key: string;
  id: string;
  nickname: string;
  /** Versioned (versionedAvatarColumn). */
  avatar_url: string | null;
  followers_count: number;
  club_id: number | null;
  club_name: string | null;
  club_name_ka: string | null;
};

/** The largest code point: every key starting with `key` sorts (byte-wise, collate "C") below key + this. */
const PREFIX_END = '\u{10FFFF}';

/**
 * Fans by nickname. First those whose nickname's key starts with the search, in key order, so an exact match
 * leads (it is the shortest key of the range) and a page is a range of profiles_search_key_idx; then those with
 * a word starting with it ("10" finds "nika_10"), through profiles_search_words_idx. The second part runs only
 * when the first did not fill the page (an Append under a Limit stops early). Hidden: fans blocked either way
 * and fans an administrator blocked.
 */
export function searchFansQuery(args: {
  viewerId: string;
  terms: SearchTerms;
  after: FanCursor | null;
  limit: number;
}): Statement {
  const { viewerId, terms, after, limit } = args;
  // A word search needs two letters: one letter would ask for most of the index.
  const withWords = terms.key.length >= 2;
  const key = `search.fans:${after ? `after-${after.tier}` : 'first'}:${withWords ? 'words' : 'prefix'}:${limit}`;
  const values = {
    viewerId,
    key: terms.key,
    keyEnd: terms.key + PREFIX_END,
    words: terms.words,
    afterKey: after?.key,
    afterId: after?.id,
  };
  return statement(key, values, (p) => {
    const columns = (tier: number) => sql`${sql.raw(String(tier))} as tier, a.search_key, a.id, a.nickname,
      ${versionedAvatarColumn(sql`a.avatar_url`, sql`a.updated_at`)} as avatar_url, a.followers_count, c.id as club_id,
      c.name as club_name, c.name_ka as club_name_ka`;
    const from = sql`from profiles a left join clubs c on c.id = a.primary_club_id`;
    const prefix = sql`a.search_key >= ${p.key} and a.search_key < ${p.keyEnd}`;
    const afterIn = (tier: 0 | 1) =>
      after?.tier === tier ? sql`and (a.search_key, a.id) > (${p.afterKey}::text collate "C", ${p.afterId})` : sql``;
    const starts = sql`(select ${columns(0)} ${from}
      where ${prefix} and ${visibleAuthor(p.viewerId, sql`a`)} ${afterIn(0)}
      order by a.search_key, a.id limit ${rowLimit(limit)})`;
    const words = sql`(select ${columns(1)} ${from}
      where to_tsvector('simple'::regconfig, a.search_key) @@ to_tsquery('simple'::regconfig, ${p.words})
        and not (${prefix}) and ${visibleAuthor(p.viewerId, sql`a`)} ${afterIn(1)}
      order by a.search_key, a.id limit ${rowLimit(limit)})`;
    const parts = after?.tier === 1 ? [words] : withWords ? [starts, words] : [starts];
    return sql`select * from (${sql.join(parts, sql` union all `)}) found limit ${rowLimit(limit)}`;
  });
}

export function searchFans(
  db: Executor,
  args: { viewerId: string; terms: SearchTerms; after: FanCursor | null; limit: number },
): Promise<FanRow[]> {
  return queryPrepared<FanRow>(db, searchFansQuery(args));
}

/** How many of the newest posts the first try reads (see searchPosts). */
export const POST_SEARCH_WINDOW = 4000;

/**
 * Live posts with every word of the search (each a prefix), newest first by keyset, in one of two ways.
 *
 * `walk`: the newest POST_SEARCH_WINDOW posts after the cursor, down posts_feed_idx, checked one by one. When
 * that finds a full page, it is the right page (every newer match lies inside the window), and for words many
 * posts use it is the cheapest way there. `gather`: every match from the GIN index (posts_search_idx), then the
 * newest of them: for rarer words, whose matches are few (under 0.5 % of the posts, or the walk would have
 * filled its page). The planner cannot choose between them by itself: PostgreSQL estimates a prefix word at a
 * fixed 2 % whatever its real frequency, so the service decides from the lexeme statistics ANALYZE keeps
 * (planPostSearch): it walks first and gathers only when the walk came back short, or gathers at once when a
 * word is rarer than every common lexeme. The gathered set is a materialised CTE with no order, so it is always read from the GIN
 * index, never by walking the whole feed index for a rare word.
 *
 * The GIN index is asked only for `indexWords`: the rare words of the search (see planPostSearch). A prefix word
 * makes GIN collect every post of every lexeme it covers before any other word can narrow them, so "fan4242
 * derby" read all the posts with "derby" (26 ms at a million posts) to keep the 99 of fan4242's; asked for
 * "fan4242:*" alone it reads those 99 (0.1 ms). The whole search is then checked on the gathered rows.
 */
export type PostSearchArgs = {
  viewerId: string;
  words: string;
  cursor: Cursor | null;
  limit: number;
  way: 'walk' | 'gather';
  /** The words the GIN index is asked for when gathering (the rare ones); `words` when none is known rare. */
  indexWords?: string;
};

export function searchPostsQuery(args: PostSearchArgs): SQL {
  const { viewerId, words, cursor, limit, way, indexWords = words } = args;
  const after = (p: SQL) =>
    cursor ? sql`and (${p}.created_at, ${p}.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``;
  if (way === 'walk')
    // The window is read lazily: the page's limit stops it as soon as the page is full. The page is picked with
    // nothing joined but the authors (their blocks), and the clubs are joined to its rows only: the planner
    // takes a prefix word for 2 % of the posts, so it expects the window to give two rows whatever it does, and
    // with the clubs in the walk it could as well hash the whole window against them and sort it. It did so at M
    // once the clubs' statistics were fresh: 4,000 posts read for a page of 20, 23 ms of PostgreSQL's CPU a
    // search instead of under 1.
    return sql`select ${postListColumns(viewerId)}
      from (
        select p.* from (select * from posts p0 where p0.deleted_at is null ${after(sql`p0`)}
          order by p0.created_at desc, p0.id desc limit ${rowLimit(POST_SEARCH_WINDOW)}) p
        join profiles a on a.id = p.author_id
        where p.visibility = 'public' and p.search_vector @@ to_tsquery('simple'::regconfig, ${words})
          and ${visibleAuthor(viewerId, sql`a`)}
        order by p.created_at desc, p.id desc
        limit ${rowLimit(limit)}
      ) p
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      order by p.created_at desc, p.id desc`;
  // Every match with its time and author, straight from the index; the newest visible ones are picked from
  // these before any other row is read (the administrator's blocks as an array, from profiles_blocked_idx).
  // The whole search is checked outside the materialised set, so the planner cannot hand it to the index.
  return sql`with matched as materialized (
        select p0.id, p0.created_at, p0.author_id, p0.search_vector from posts p0
        where p0.search_vector @@ to_tsquery('simple'::regconfig, ${indexWords}) and p0.deleted_at is null
          and p0.visibility = 'public' ${after(sql`p0`)}
      ),
      page as (
        select m.id from matched m
        where m.search_vector @@ to_tsquery('simple'::regconfig, ${words})
          and m.author_id <> all (${blockedWith(viewerId)})
          and m.author_id <> all (array(select bp.id from profiles bp where bp.is_blocked))
        order by m.created_at desc, m.id desc
        limit ${rowLimit(limit)}
      )
      select ${postListColumns(viewerId)}
      from page m
      join posts p on p.id = m.id
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      order by p.created_at desc, p.id desc`;
}

export function searchPosts(db: Executor, args: PostSearchArgs): Promise<PostRow[]> {
  return queryPrepared<PostRow>(db, searchPostsQuery(args));
}

/** A lexeme of the posts' search vectors and the share of posts holding it, from ANALYZE's statistics. */
export type LexemeShare = { lexeme: string; share: number };

/**
 * The most common lexemes of the posts (pg_stats.most_common_elems of posts.search_vector, kept by ANALYZE):
 * empty where no statistics were gathered yet. The last three frequencies are the minimum, the maximum and
 * the share of nulls, not lexemes', so they are left out.
 */
export async function commonPostLexemes(db: Executor): Promise<LexemeShare[]> {
  const rows = await queryRows<{ lexeme: string; share: number }>(
    db,
    sql`select e.lexeme, s.most_common_elem_freqs[e.n]::float8 as share
      from pg_stats s, unnest(s.most_common_elems::text::text[]) with ordinality as e(lexeme, n)
      where s.schemaname = current_schema() and s.tablename = 'posts' and s.attname = 'search_vector'`,
  );
  return rows.map((row) => ({ lexeme: row.lexeme, share: Number(row.share) }));
}

/** A word is common when the lexemes it starts are in this share of the posts or more. */
export const COMMON_WORD_SHARE = 0.01;

/** How a search of posts goes (see searchPostsQuery): which words the GIN index is asked for, and whether to walk first. */
export type PostSearchPlan = { indexWords: string; walkFirst: boolean };

/**
 * The plan for a search's words (searchTerms().words: "a:* & b:*") given the posts' most common lexemes.
 * The index is asked for the words whose lexemes are in fewer than COMMON_WORD_SHARE of the posts (all of them
 * when every word is common, or no statistics say otherwise: then there is nothing cheaper to start from).
 * The walk down the newest posts is skipped when a word starts none of the common lexemes: ANALYZE saw it in
 * fewer posts than its least common lexeme, so the walk would come back short and only add its cost.
 */
export function planPostSearch(words: string, common: LexemeShare[]): PostSearchPlan {
  const parts = words.split(' & ').map((part) => {
    const prefix = part.replace(/:\*$/, '');
    let share = 0;
    for (const { lexeme, share: each } of common) if (lexeme.startsWith(prefix)) share += each;
    return { part, share };
  });
  const rare = parts.filter(({ share }) => share < COMMON_WORD_SHARE);
  return {
    indexWords: rare.length ? rare.map(({ part }) => part).join(' & ') : words,
    walkFirst: common.length === 0 || parts.every(({ share }) => share > 0),
  };
}

/**
 * The texts of up to `limit` of the newest visible posts among at most 10 x `limit` carrying a hashtag that starts
 * with `tagKey` ('#' and a search key without spaces, as burti_hashtag_keys() stores them), taken from the GIN
 * index: the hashtags are counted from these, so a popular tag costs no more than a rare one.
 */
export function recentHashtagTextsQuery(args: { viewerId: string; tagKey: string; limit: number }): SQL {
  const { viewerId, tagKey, limit } = args;
  // A quoted lexeme is taken as it is (no parser, no dictionary), so the '#' stays; keys hold no quotes.
  const query = `'${tagKey}':*`;
  return sql`with tagged as materialized (
        select p0.id from posts p0 where p0.search_vector @@ ${query}::tsquery and p0.deleted_at is null
        limit ${rowLimit(limit * 10)}
      )
      select p.text
      from tagged t
      join posts p on p.id = t.id
      join profiles a on a.id = p.author_id
      where p.visibility = 'public' and ${visibleAuthor(viewerId, sql`a`)}
      order by p.created_at desc, p.id desc
      limit ${rowLimit(limit)}`;
}

export async function recentHashtagTexts(
  db: Executor,
  args: { viewerId: string; tagKey: string; limit: number },
): Promise<string[]> {
  const rows = await queryRows<{ text: string | null }>(db, recentHashtagTextsQuery(args));
  return rows.flatMap((row) => (row.text ? [row.text] : []));
}
