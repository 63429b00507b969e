import {
  searchKey,
  SEARCH_CLUBS_LIMIT,
  SEARCH_FANS_PAGE_SIZE,
  SEARCH_HASHTAGS_LIMIT,
  SEARCH_POSTS_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  type FanResult,
  type FanResultPage,
  type HashtagResult,
  type PostPage,
  type SearchResponse,
} from '@burti/shared';
import type { Db } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { toPost } from '../../lib/post-rows.js';
import type { Viewer } from '../../plugins/auth.js';
import { listClubs } from '../clubs/clubs.service.js';
import * as q from './search.queries.js';

type Deps = { db: Db; viewer: Viewer };

/** How many of the newest posts with a matching hashtag the hashtag results are counted from. */
const HASHTAG_SAMPLE = 200;

/** A hashtag's key as burti_hashtag_keys() stores it: '#' and its search key without spaces. */
export function hashtagKey(tag: string): string {
  return `#${searchKey(tag)
    .replace(/ /g, '')
    .slice(0, 2 * SEARCH_QUERY_MAX)}`;
}

/** Hashtags in a text: '#' then letters of any script (with their marks), digits or '_'. */
const HASHTAG = /#([\p{L}\p{M}\p{N}_]+)/gu;

function encodeFanCursor(cursor: q.FanCursor): string {
  return Buffer.from(JSON.stringify([cursor.tier, cursor.key, cursor.id]), 'utf8').toString('base64url');
}

function decodeFanCursor(raw: string | undefined): q.FanCursor | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  const [tier, key, id, ...rest] = Array.isArray(value) ? (value as unknown[]) : [];
  if (
    (tier === 0 || tier === 1) &&
    typeof key === 'string' &&
    key.length <= 200 &&
    // eslint-disable-next-line no-control-regex -- a key never holds them, and PostgreSQL refuses NUL
    !/[\u0000-\u001f]/.test(key) &&
    typeof id === 'string' &&
    /^[A-Za-z0-9_-]{1,64}$/.test(id) &&
    rest.length === 0
  )
    return { tier, key, id };
  throw new AppError('VALIDATION', 'That page link is not valid.');
}

function toFan(row: q.FanRow): FanResult {
  return {
    id: row.id,
    nickname: row.nickname,
    avatarUrl: row.avatar_url,
    club:
      row.club_id !== null && row.club_name !== null
        ? { id: row.club_id, name: row.club_name, nameKa: row.club_name_ka ?? '' }
        : null,
    followersCount: row.followers_count,
  };
}

export async function searchFans({
  db,
  viewer,
  text,
  cursor,
}: Deps & { text: string; cursor?: string }): Promise<FanResultPage> {
  const after = decodeFanCursor(cursor);
  const terms = q.searchTerms(text);
  if (!terms) return { fans: [], nextCursor: null };
  const limit = SEARCH_FANS_PAGE_SIZE;
  const rows = await q.searchFans(db, { viewerId: viewer.id, terms, after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    fans: page.map(toFan),
    nextCursor:
      rows.length > limit && last
        ? encodeFanCursor({ tier: last.tier === 1 ? 1 : 0, key: last.search_key, id: last.id })
        : null,
  };
}

export async function searchPosts({
  db,
  viewer,
  text,
  cursor,
}: Deps & { text: string; cursor?: string }): Promise<PostPage> {
  const after = decodeCursor(cursor);
  const terms = q.searchTerms(text);
  // One letter would ask for most of the index; posts need two.
  if (!terms || terms.key.length < 2) return { posts: [], nextCursor: null };
  const limit = SEARCH_POSTS_PAGE_SIZE;
  const args = { viewerId: viewer.id, words: terms.words, cursor: after, limit: limit + 1 };
  // The newest posts first; all the matches only when those did not hold a full page (see searchPostsQuery),
  // or at once for a word too rare for the newest posts to hold a page of.
  const plan = q.planPostSearch(terms.words, await commonLexemes(db));
  let rows = plan.walkFirst ? await q.searchPosts(db, { ...args, way: 'walk' }) : [];
  if (rows.length <= limit) rows = await q.searchPosts(db, { ...args, way: 'gather', indexWords: plan.indexWords });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    posts: page.map(toPost),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/**
 * Hashtags starting with the search (with or without its '#'), counted in the newest posts that carry one:
 * the tag written as most of them write it, exact matches first, then the most used.
 */
export async function searchHashtags({ db, viewer, text }: Deps & { text: string }): Promise<HashtagResult[]> {
  const prefix = hashtagKey(text);
  if (prefix.length < 2) return [];
  const texts = await q.recentHashtagTexts(db, { viewerId: viewer.id, tagKey: prefix, limit: HASHTAG_SAMPLE });
  const found = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const body of texts) {
    const seen = new Set<string>();
    for (const [, tag] of body.matchAll(HASHTAG)) {
      const key = hashtagKey(tag!);
      if (!key.startsWith(prefix) || seen.has(key)) continue;
      seen.add(key);
      const entry = found.get(key) ?? { count: 0, spellings: new Map<string, number>() };
      entry.count += 1;
      entry.spellings.set(tag!, (entry.spellings.get(tag!) ?? 0) + 1);
      found.set(key, entry);
    }
  }
  return [...found.entries()]
    .sort(([a, x], [b, y]) => Number(b === prefix) - Number(a === prefix) || y.count - x.count || (a < b ? -1 : 1))
    .slice(0, SEARCH_HASHTAGS_LIMIT)
    .map(([, entry]) => ({
      tag: [...entry.spellings.entries()].sort((x, y) => y[1] - x[1])[0]![0],
      postsCount: entry.count,
    }));
}

/** How long the posts' most common lexemes are reused before they are read from the statistics again. */
const LEXEME_STATS_TTL_MS = 10 * 60_000;
const lexemeStats = new WeakMap<Db, { until: number; lexemes: Promise<q.LexemeShare[]> }>();

/**
 * The posts' most common lexemes (see planPostSearch), read at most once per LEXEME_STATS_TTL_MS per database. None
 * are kept until ANALYZE has gathered some (a new database): the next search reads them again.
 */
function commonLexemes(db: Db): Promise<q.LexemeShare[]> {
  const cached = lexemeStats.get(db);
  if (cached && cached.until > Date.now()) return cached.lexemes;
  const lexemes = q.commonPostLexemes(db);
  lexemeStats.set(db, { until: Date.now() + LEXEME_STATS_TTL_MS, lexemes });
  lexemes.then(
    (found) => found.length === 0 && lexemeStats.delete(db),
    () => lexemeStats.delete(db),
  );
  return lexemes;
}

/** The first page of every kind of result. */
export async function searchAll({ db, viewer, text }: Deps & { text: string }): Promise<SearchResponse> {
  const bare = text.replace(/^#+/, '');
  const [fans, clubs, hashtags, posts] = await Promise.all([
    searchFans({ db, viewer, text: bare }),
    q.searchTerms(bare) ? listClubs(db, bare) : Promise.resolve([]),
    searchHashtags({ db, viewer, text: bare }),
    searchPosts({ db, viewer, text: bare }),
  ]);
  return { query: text, fans, clubs: clubs.slice(0, SEARCH_CLUBS_LIMIT), hashtags, posts };
}
