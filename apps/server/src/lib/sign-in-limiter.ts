import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/**
 * Failed sign-ins counted per account (its email), in the database so that every server process sees the
 * same count, whatever address the guesses come from. The per-address limits of the auth endpoints stay
 * in force beside it.
 *
 * Up to {@link FREE_FAILURES} wrong passwords within {@link WINDOW_MINUTES} minutes are answered as usual.
 * The {@link FREE_FAILURES}th locks the account's sign-in for one minute, and each further failure after a
 * lock doubles the wait, up to {@link MAX_LOCK_SECONDS}. While locked, every attempt (even with the right
 * password) is refused with 429 and is not counted. A successful sign-in clears the count.
 *
 * The store is this small interface so that it can later be pointed at a shared rate-limit store.
 */
export const FREE_FAILURES = 10;
export const WINDOW_MINUTES = 15;
export const FIRST_LOCK_SECONDS = 60;
export const MAX_LOCK_SECONDS = 60 * 60;

export type SignInLimiter = {
  /** Seconds until the account may try again, or 0. */
  lockedFor(account: string): Promise<number>;
  recordFailure(account: string): Promise<void>;
  clear(account: string): Promise<void>;
};

export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

export function createSignInLimiter(db: Executor): SignInLimiter {
  return {
    async lockedFor(account) {
      const [row] = await queryRows<{ seconds: number | string | null }>(
        db,
        sql`select ceil(extract(epoch from (locked_until - now())))::int as seconds
          from sign_in_failures where account = ${account} and locked_until > now()`,
      );
      return row?.seconds ? Number(row.seconds) : 0;
    },
    async recordFailure(account) {
      // One statement: concurrent failures each add one, and the lock follows from the new count. A quiet
      // window (no failure and no lock in force for WINDOW_MINUTES) starts the count again.
      await db.execute(sql`
        insert into sign_in_failures as f (account, failures, last_failure_at, locked_until)
        values (${account}, 1, now(), null)
        on conflict (account) do update set
          failures = case
            when greatest(f.last_failure_at, f.locked_until) < now() - make_interval(mins => ${WINDOW_MINUTES}) then 1
            else f.failures + 1 end,
          last_failure_at = now(),
          locked_until = case
            when greatest(f.last_failure_at, f.locked_until) < now() - make_interval(mins => ${WINDOW_MINUTES}) then null
            when f.failures + 1 >= ${FREE_FAILURES} then now() + make_interval(secs => least(
              ${MAX_LOCK_SECONDS}, ${FIRST_LOCK_SECONDS} * power(2, least(f.failures + 1 - ${FREE_FAILURES}, 20))))
            else f.locked_until end`);
    },
    async clear(account) {
      await db.execute(sql`delete from sign_in_failures where account = ${account}`);
    },
  };
}
