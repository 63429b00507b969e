import { searchKey, sortKey } from '@burti/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { clubs } from '../schema/index.js';
import { clubAliases } from './club-aliases.js';
import { seedClubs, type SeedClub } from './clubs.js';

/** `|`-separated so that a pattern can anchor at the start of any one key: `|dinamo tbilisi|dinamo|`. */
function keys(texts: readonly string[]): string {
  const unique = [...new Set(texts.map(searchKey).filter(Boolean))];
  return unique.length ? `|${unique.join('|')}|` : '';
}

/** The catalogue row of a club: its names plus the derived search and sort keys. */
export function clubRow(club: SeedClub) {
  const aliases = [...(clubAliases[club.name] ?? [])];
  return {
    ...club,
    aliases,
    searchNames: keys([club.name, ...aliases]),
    searchExtra: keys([club.country, club.league]),
    sortKey: sortKey(club.name),
  };
}

/**
 * Idempotent: run at every start. New clubs are added; existing ones keep their id and counters, and get the
 * catalogue's aliases and search keys (so a changed alias list or key function reaches every database).
 */
export async function seed(db: Executor): Promise<void> {
  await db
    .insert(clubs)
    .values(seedClubs.map(clubRow))
    .onConflictDoUpdate({
      target: clubs.name,
      set: {
        aliases: sql`excluded.aliases`,
        searchNames: sql`excluded.search_names`,
        searchExtra: sql`excluded.search_extra`,
        sortKey: sql`excluded.sort_key`,
      },
      // Rows already up to date are not rewritten at each start.
      setWhere: sql`(${clubs.aliases}, ${clubs.searchNames}, ${clubs.searchExtra}, ${clubs.sortKey}) is distinct from (excluded.aliases, excluded.search_names, excluded.search_extra, excluded.sort_key)`,
    });
}
