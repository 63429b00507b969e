import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { posts, profiles, user } from '../../db/schema/index.js';
import { accountKey } from '../../lib/sign-in-limiter.js';

/** What an audit entry about a deleted account names instead of its id. */
export const DELETED_ACCOUNT_TARGET = 'deleted';

/** Every stored file of the person: their posts' media (full, feed size, poster) and their avatar. */
export async function storedFilesOf(db: Executor, userId: string): Promise<string[]> {
  const media = await db
    .select({ path: posts.mediaPath, feedPath: posts.mediaFeedPath, poster: posts.mediaPosterPath })
    .from(posts)
    .where(and(eq(posts.authorId, userId), isNotNull(posts.mediaPath)));
  const [profile] = await db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.id, userId));
  return [...media.flatMap((m) => [m.path, m.feedPath, m.poster]), profile?.avatarPath].filter((path): path is string =>
    Boolean(path),
  );
}

/** The account's email, read before the row goes (rows keyed by the address are removed with it). */
export async function emailOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

/**
 * Deletes the account row, from which everything with a foreign key to the account or the profile cascades,
 * then the rows that name the person without one. Runs in the caller's transaction, so the person goes at once
 * or not at all.
 */
export async function deleteUser(db: Executor, userId: string, email: string | null): Promise<void> {
  await db.delete(user).where(eq(user.id, userId));
  // Stored answers of the person's writes (they hold what the person wrote).
  await db.execute(sql`delete from idempotency_keys where user_id = ${userId}`);
  // Leaderboard activity not yet applied: the cascade above appends some itself (likes of the person's posts
  // leaving), so this comes after it. The applier skips a member without a profile, but the row would wait.
  await db.execute(sql`delete from leaderboard_pending where user_id = ${userId}`);
  // Reports about the person: nothing is left to moderate. Their own reports cascaded.
  await db.execute(sql`delete from reports where target_type = 'user' and target_id = ${userId}`);
  // The administrators' audit log keeps what was done and when, without naming the person.
  await db.execute(
    sql`update admin_audit_log set target_id = ${DELETED_ACCOUNT_TARGET}
        where target_type = 'user' and target_id = ${userId}`,
  );
  await db.execute(
    sql`update admin_audit_log set details = details - 'authorId' where details ->> 'authorId' = ${userId}`,
  );
  // Per-member request counters (plugins/rate-limit.ts keys a signed-in member's calls by their id, at the end of
  // the key). Counters kept in Redis instead end with their window, a minute at most.
  await db.execute(sql`delete from request_limit where right(key, ${userId.length}) = ${userId}`);
  // better-auth's one-time tokens for the account (a password reset holds the account id as its value).
  await db.execute(sql`delete from verification where value = ${userId}`);
  if (email) {
    // Failed sign-ins are counted per email address (lib/sign-in-limiter.ts).
    await db.execute(sql`delete from sign_in_failures where account = ${accountKey(email)}`);
    await db.execute(sql`delete from verification where identifier = ${email}`);
  }
}
