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

/**
 * Fans whose nickname starts with `prefix` (ignoring case), for the composer's autocomplete, in byte order: a
 * range of profiles_nickname_prefix_idx (text_pattern_ops, so under any collation), hiding fans blocked either way
 * or by an administrator.
 */
export function suggestQuery(viewerId: string, prefix: string, limit: number): SQL {
  const escaped = prefix.replace(/[\\%_]/gu, (ch) => `\\${ch}`);
  return sql`select a.id, a.nickname, a.avatar_url, a.updated_at from profiles a
    where lower(a.nickname) like ${escaped + '%'}
      and a.id <> ${viewerId}
      and ${visibleAuthor(viewerId, sql`a`)}
    order by lower(a.nickname) using ~<~
    limit ${rowLimit(limit)}`;
}

export function suggest(db: Executor, viewerId: string, prefix: string, limit: number) {
  return queryPrepared<SuggestionRow>(db, suggestQuery(viewerId, prefix, limit));
}
