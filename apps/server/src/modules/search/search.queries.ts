import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor } from '../../db/client.js';
import type { Cursor } from '../../lib/cursor.js';
import { visibleAuthor } from '../../lib/visibility.js';
import { postListColumns, type PostRow } from '../posts/posts.queries.js';

/**
 * Search terms, folded by searchKey() the way migration 0070's burti_search_key() folded the stored text.
 * `key` is the whole search; `words` its words as a full-text query (every word a prefix).
 */
export type SearchTerms = { key: string; words: string };

/** Where a page of fans ended: the tier (0 nickname starts with the search, 1 a word in it does), key, id. */
export type FanCursor = { tier: 0 | 1; key: string; id: string };

export type FanRow = {
  tier: number;
  search_key: string;
  id: string;
  nickname: string;
  avatar_url: string | null;
  updated_at: Date | string;
  followers_count: number;
  club_id: number | null;
  club_name: string | null;
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
}): SQL {
  const { viewerId, terms, after, limit } = args;
  const columns = (tier: number) => sql`${sql.raw(String(tier))} as tier, a.search_key, a.id, a.nickname, a.avatar_url,
      a.updated_at, a.followers_count, c.id as club_id, c.name as club_name`;
  const from = sql`from profiles a left join clubs c on c.id = a.primary_club_id`;
  const prefix = sql`a.search_key >= ${terms.key} and a.search_key < ${terms.key + PREFIX_END}`;
  const afterIn = (tier: 0 | 1) =>
    after?.tier === tier ? sql`and (a.search_key, a.id) > (${after.key}::text collate "C", ${after.id})` : sql``;
  const starts = sql`(select ${columns(0)} ${from}
      where ${prefix} and ${visibleAuthor(viewerId, sql`a`)} ${afterIn(0)}
      order by a.search_key, a.id limit ${limit})`;
  const words = sql`(select ${columns(1)} ${from}
      where to_tsvector('simple'::regconfig, a.search_key) @@ to_tsquery('simple'::regconfig, ${terms.words})
        and not (${prefix}) and ${visibleAuthor(viewerId, sql`a`)} ${afterIn(1)}
      order by a.search_key, a.id limit ${limit})`;
  // A word search needs two letters: one letter would ask for most of the index.
  const withWords = terms.key.length >= 2;
  const parts = after?.tier === 1 ? [words] : withWords ? [starts, words] : [starts];
  return sql`select * from (${sql.join(parts, sql` union all `)}) found limit ${limit}`;
}

export function searchFans(
  db: Executor,
  args: { viewerId: string; terms: SearchTerms; after: FanCursor | null; limit: number },
): Promise<FanRow[]> {
  return queryPrepared<FanRow>(db, searchFansQuery(args));
}

const cursorTime = (cursor: Cursor) => sql`(${cursor.at}::timestamp at time zone 'UTC')`;

/**
 * Live posts with every word of the search (each a prefix), newest first by keyset. Sent unprepared
 * on purpose: planned with the words in hand, PostgreSQL reads the words' frequencies from the statistics of
 * posts.search_vector and chooses per search between the GIN index (rare words: gather the few matches and sort
 * them) and a walk down posts_feed_idx that checks each post (common words: the first page is near the top).
 * One generic plan would be wrong for one of the two.
 */
export function searchPostsQuery(args: { viewerId: string; words: string; cursor: Cursor | null; limit: number }): SQL {
  const { viewerId, words, cursor, limit } = args;
  return sql`select ${postListColumns(viewerId)}
      from posts p
      join profiles a on a.id = p.author_id
      join clubs c on c.id = p.club_id
      where p.deleted_at is null and p.visibility = 'public'
        and p.search_vector @@ to_tsquery('simple'::regconfig, ${words})
        and ${visibleAuthor(viewerId, sql`a`)}
        ${cursor ? sql`and (p.created_at, p.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by p.created_at desc, p.id desc
      limit ${limit}`;
}

export function searchPosts(
  db: Executor,
  args: { viewerId: string; words: string; cursor: Cursor | null; limit: number },
): Promise<PostRow[]> {
  return queryRows<PostRow>(db, searchPostsQuery(args));
}

/**
 * The texts of the newest visible posts carrying a hashtag that starts with `tagKey` ('#' and a search key
 * without spaces, as burti_hashtag_keys() stores them): the hashtags are counted from these.
 */
export function recentHashtagTextsQuery(args: { viewerId: string; tagKey: string; limit: number }): SQL {
  const { viewerId, tagKey, limit } = args;
  // A quoted lexeme is taken as it is (no parser, no dictionary), so the '#' stays; keys hold no quotes.
  return sql`select p.text
      from posts p
      join profiles a on a.id = p.author_id
      where p.deleted_at is null and p.visibility = 'public'
        and p.search_vector @@ ${`'${tagKey}':*`}::tsquery
        and ${visibleAuthor(viewerId, sql`a`)}
      order by p.created_at desc, p.id desc
      limit ${limit}`;
}

export async function recentHashtagTexts(
  db: Executor,
  args: { viewerId: string; tagKey: string; limit: number },
): Promise<string[]> {
  const rows = await queryRows<{ text: string | null }>(db, recentHashtagTextsQuery(args));
  return rows.flatMap((row) => (row.text ? [row.text] : []));
}
