import { searchKey } from '@burti/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor, rowLimit } from '../../db/client.js';
import { visibleAuthor } from '../../lib/visibility.js';

/** The fans with these nicknames (ignoring case): normalised handle -> profile id. */
export async function findByHandles(db: Executor, handles: string[]): Promise<Map<string, string>> {
  if (!handles.length) return new Map();
  const rows = await queryRows<{ id: string; nickname: string }>(
    db,
    sql`select id, nickname from profiles
      where lower(nickname) in (${sql.join(
        handles.map((h) => sql`${h}`),
        sql`, `,
      )})`,
  );
  const byLower = new Map(rows.map((row) => [row.nickname.normalize('NFC').toLowerCase(), row.id]));
  return new Map(handles.flatMap((h) => (byLower.has(h) ? [[h, byLower.get(h)!] as const] : [])));
}

export type SuggestionRow = { id: string; nickname: string; avatar_url: string | null; updated_at: Date | string };

/** Above every character a search key holds: `key <= k < key + PREFIX_END` is "k starts with key". */
const PREFIX_END = '\u{10FFFF}';

/**
 * Fans whose nickname starts with what was typed, for the composer's autocomplete, folded as people search folds
 * it (packages/shared/src/text searchKey, in SQL burti_search_key): "nik" offers ნიკა and "ნიკ" offers nika_10.
 * A range of the profiles' search keys (btree, collation "C"), in key order; hiding fans blocked either way or by
 * an administrator. Text with no letters or digits (a lone "_") has no key and is matched by the nickname itself
 * (profiles_nickname_prefix_idx, text_pattern_ops).
 */
export function suggestQuery(viewerId: string, prefix: string, key: string, limit: number): SQL {
  const escaped = prefix.replace(/[\\%_]/gu, (ch) => `\\${ch}`);
  const match = key
    ? sql`a.search_key >= ${key} and a.search_key < ${key + PREFIX_END}`
    : sql`lower(a.nickname) like ${escaped + '%'}`;
  const order = key ? sql`a.search_key, a.nickname collate "C"` : sql`lower(a.nickname) using ~<~`;
  return sql`select a.id, a.nickname, a.avatar_url, a.updated_at from profiles a
    where ${match}
      and a.id <> ${viewerId}
      and ${visibleAuthor(viewerId, sql`a`)}
    order by ${order}
    limit ${rowLimit(limit)}`;
}

export function suggest(db: Executor, viewerId: string, prefix: string, limit: number) {
  return queryPrepared<SuggestionRow>(db, suggestQuery(viewerId, prefix, searchKey(prefix), limit));
}
