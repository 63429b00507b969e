import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../paths.js';

// The Drizzle migrations both engines apply at start (postgres.ts, pglite.ts), and the check that none was skipped.

export const migrationsFolder = join(serverRoot, 'drizzle');

/**
 * Drizzle applies only the journal's entries newer than the newest one a database has applied. An entry that
 * lands with an older `when` (written on a parallel line of work, merged after a newer one was applied) would
 * be skipped for good without a word: after migrating, every entry of the journal must be recorded, or the
 * server refuses to start and says which.
 */
export class SkippedMigrationsError extends Error {
  constructor(readonly tags: string[]) {
    super(
      `Migrations ${tags.join(', ')} were never applied to this database: their journal time ("when") is older than ` +
        'a migration it already has. Give them a "when" later than every applied migration (meta/_journal.json), ' +
        'or apply them by hand.',
    );
    this.name = 'SkippedMigrationsError';
  }
}

type Journal = { entries: { tag: string; when: number }[] };

export async function assertMigrationsComplete(run: (text: string) => Promise<{ rows: unknown[] }>): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const { rows } = await run('select created_at::text as "when" from drizzle.__drizzle_migrations');
  const applied = new Set((rows as { when: string }[]).map((row) => row.when));
  const skipped = journal.entries.filter((entry) => !applied.has(String(entry.when))).map((entry) => entry.tag);
  if (skipped.length > 0) throw new SkippedMigrationsError(skipped);
}
