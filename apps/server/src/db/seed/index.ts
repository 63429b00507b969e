import type { Executor } from '../client.js';
import { clubs } from '../schema/index.js';
import { seedClubs } from './clubs.js';

/** Idempotent: run at every start; clubs already present are left as they are. */
export async function seed(db: Executor): Promise<void> {
  await db
    .insert(clubs)
    .values(seedClubs.map((club) => ({ ...club })))
    .onConflictDoNothing({ target: clubs.name });
}
