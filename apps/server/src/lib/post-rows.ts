import type { Mention, Post, PostPage } from '@burti/shared';
import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import { versionedAvatarColumn } from './avatar.js';
import { type Cursor, encodeCursor } from './cursor.js';

// What every list of posts reads, in one place: the posts module's feeds and detail, the search, the tag pages.
// (Modules compose their SQL from here; they do not reach into each other's query files.)

/** A post as lists and the detail page read it, before it is shaped for the API. */
export type PostRow = {
  id: string;
  text: string | null;
  media_url: string | null;
  media_type: 'photo' | 'video' | null;
  media_width: number | null;
  media_height: number | null;
  media_feed_url: string | null;
  media_poster_url: string | null;
  media_urls: string[];
  likes_count: number;
  comments_count: number;
  shares_count: number;
  /** Times are ISO text (isoText). */
  created_at: string;
  edited_at: string | null;
  author_id: string;
  author_nickname: string;
  /** Versioned (versionedAvatarColumn). */
  author_avatar_url: string | null;
  club_id: number;
  club_name: string;
  club_name_ka: string;
  club_country: string;
  club_league: string;
  viewer_has_liked: boolean;
  viewer_has_shared: boolean;
  shared_by_id: string | null;
  shared_by_nickname: string | null;
  shared_at: string | null;
  cursor_at: string;
  mentions: Mention[] | null;
  /** The match whose thread the post belongs to (burti_match_chip, 0100), or null. */
  match: { id: string; home: string; away: string } | null;
};

/**
 * A time as the API writes it (ISO 8601, UTC, milliseconds, as Date.toISOString() would): made by PostgreSQL, so
 * a page of posts is not parsed into 50 Dates only to be written back as text (a twentieth of the feed's CPU).
 */
export const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const cursorText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
export const cursorTime = (cursor: Cursor) => cursorAt(cursor.at);
/** A cursor's time (text without zone, UTC) as a timestamptz. */
export const cursorAt = (at: string | Placeholder) => sql`(${at}::timestamp at time zone 'UTC')`;

/**
 * `match` is the chip's expression: by default looked up per post (burti_match_chip), which costs a statement of
 * its own for each post of a match; a list of one match's posts (its thread) passes the chip computed once.
 */
export function postColumns(viewerId: string | Placeholder, match: SQL = sql`burti_match_chip(p.match_id)`): SQL {
  return sql`p.id, p.text, ${mentionsColumn(sql`p.mentions`)} as mentions, p.media_url, p.media_type, p.media_width, p.media_height, p.media_feed_url, p.media_poster_url, p.media_urls, p.likes_count, p.comments_count, p.shares_count,
    ${isoText(sql`p.created_at`)} as created_at, ${isoText(sql`p.edited_at`)} as edited_at,
    a.id as author_id, a.nickname as author_nickname,
    ${versionedAvatarColumn(sql`a.avatar_url`, sql`a.updated_at`)} as author_avatar_url,
    c.id as club_id, c.name as club_name, c.name_ka as club_name_ka, c.country as club_country, c.league as club_league,
    exists (select 1 from likes l where l.post_id = p.id and l.user_id = ${viewerId}) as viewer_has_liked,
    exists (select 1 from shares s where s.post_id = p.id and s.user_id = ${viewerId}) as viewer_has_shared,
    ${match} as match`;
}

/**
 * The chip of one match, for a list of that match's posts (its thread): burti_match_chip's body (0100) written into
 * the statement, so it is planned once with the prepared statement and read once a page (an InitPlan). Called, the
 * SQL function would be planned again on every request.
 */
export function oneMatchChip(matchId: SQL | Placeholder): SQL {
  return sql`(select json_build_object('id', f.id, 'home', h.short_name, 'away', aw.short_name)
      from fixtures f join teams h on h.id = f.home_team_id join teams aw on aw.id = f.away_team_id
      where f.id = ${matchId}::uuid)`;
}

/** The columns of a post in a list of posts themselves (not shares), `p` joined with `a` (author) and `c` (club). */
export function postListColumns(viewerId: string | Placeholder, match?: SQL): SQL {
  return sql`${postColumns(viewerId, match)}, null as shared_by_id, null as shared_by_nickname, null as shared_at,
        ${cursorText(sql`p.created_at`)} as cursor_at`;
}

/**
 * The fans a text's mentions stand for, shown by their current nicknames: `column` holds the handle -> id map
 * stored with the text (null when it mentions nobody, which costs nothing: the function is STRICT). A function
 * (0092), not a subquery, so that the planner does not charge it to every row it considers.
 */
export function mentionsColumn(column: SQL): SQL {
  return sql`burti_mention_view(${column})`;
}

export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    author: {
      id: row.author_id,
      nickname: row.author_nickname,
      avatarUrl: row.author_avatar_url,
    },
    club: {
      id: row.club_id,
      name: row.club_name,
      nameKa: row.club_name_ka,
      country: row.club_country,
      league: row.club_league,
    },
    text: row.text,
    mentions: row.mentions ?? [],
    media:
      row.media_url && row.media_type
        ? {
            url: row.media_url,
            type: row.media_type,
            width: row.media_width,
            height: row.media_height,
            feedUrl: row.media_feed_url,
            posterUrl: row.media_poster_url ?? null,
          }
        : null,
    mediaUrls: row.media_urls ?? [],
    likesCount: row.likes_count,
    commentsCount: row.comments_count,
    sharesCount: row.shares_count,
    viewerHasLiked: row.viewer_has_liked,
    viewerHasShared: row.viewer_has_shared,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    sharedBy:
      row.shared_by_id && row.shared_by_nickname && row.shared_at
        ? { id: row.shared_by_id, nickname: row.shared_by_nickname, sharedAt: row.shared_at }
        : null,
    match: row.match ?? null,
  };
}

/** One more row than the page is read, so a next page is announced only when it exists. */
export function toPage(rows: PostRow[], limit: number): PostPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    posts: page.map(toPost),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}
