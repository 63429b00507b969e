import { searchKey, sortKey } from '@burti/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { clubs } from '../schema/index.js';
import { clubAliases } from './club-aliases.js';
import { clubNamesKa, countryNamesKa, leagueNamesKa } from './club-names-ka.js';
import { seedClubs, type SeedClub } from './clubs.js';
import { seedMatches } from './matches.js';

/** `|`-separated so that a pattern can anchor at the start of any one key: `|dinamo tbilisi|dinamo|`. */
function keys(texts: readonly string[]): string {
  const unique = [...new Set(texts.map(searchKey).filter(Boolean))];
  return unique.length ? `|${unique.join('|')}|` : '';
}

/** The catalogue row of a club: its names in both languages plus the derived search and sort keys. */
export function clubRow(club: SeedClub) {
  const aliases = [...(clubAliases[club.name] ?? [])];
  const nameKa = clubNamesKa[club.name] ?? '';
  return {
    ...club,
    nameKa,
    aliases,
    searchNames: keys([club.name, nameKa, ...aliases]),
    searchExtra: keys([
      club.country,
      club.league,
      countryNamesKa[club.country] ?? '',
      leagueNamesKa[club.league] ?? '',
    ]),
    sortKey: sortKey(club.name),
  };
}

/**
 * Idempotent: run at every start. New clubs are added; existing ones keep their id and counters, and get the
 * catalogue's Georgian name, aliases and search keys (so a changed alias list or key function reaches every database).
 */
export async function seed(db: Executor): Promise<void> {
  await db
    .insert(clubs)
    .values(seedClubs.map(clubRow))
    .onConflictDoUpdate({
      target: clubs.name,
      set: {
        nameKa: sql`excluded.name_ka`,
        aliases: sql`excluded.aliases`,
        searchNames: sql`excluded.search_names`,
        searchExtra: sql`excluded.search_extra`,
        sortKey: sql`excluded.sort_key`,
      },
      // Rows already up to date are not rewritten at each start.
      setWhere: sql`(${clubs.nameKa}, ${clubs.aliases}, ${clubs.searchNames}, ${clubs.searchExtra}, ${clubs.sortKey}) is distinct from (excluded.name_ka, excluded.aliases, excluded.search_names, excluded.search_extra, excluded.sort_key)`,
    });
  // The hand-entered league a fresh install starts with (its teams mapped to the clubs above).
  await seedMatches(db);
}
