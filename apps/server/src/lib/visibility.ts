import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type Executor } from '../db/client.js';

/** A block between the two, either way round. Each side is an SQL expression or a value naming a user id. */
export function blockedEitherWay(a: SQL | Placeholder | string, b: SQL | Placeholder | string): SQL {
  return sql`exists (
      select 1 from user_blocks b
      where (b.blocker_id = ${a} and b.blocked_id = ${b})
         or (b.blocker_id = ${b} and b.blocked_id = ${a})
    )`;
}

/**
 * True when the viewer may see what the user wrote: neither has blocked the other, and an administrator
 * has not blocked the user. `userColumn` is an SQL expression naming the author's id.
 */
export function visibleTo(viewerId: string | Placeholder, userColumn: SQL): SQL {
  return sql`not ${blockedEitherWay(viewerId, userColumn)}
    and not exists (select 1 from profiles bp where bp.id = ${userColumn} and bp.is_blocked)`;
}

/**
 * Users hidden from the viewer by a block either way, as an array PostgreSQL computes once per query (an
 * InitPlan). Lists filter with `author.id <> all (...)` on the author row they join anyway, so the filter never
 * turns a keyset walk down an index into a scan and sort of the table. The array form matters: a `not in
 * (subquery)` is costed as a hashed subplan on every probe and guessed to drop half the rows, which made the
 * planner hash-join the whole profiles table for a post's comments.
 */
export function blockedWith(viewerId: string | Placeholder): SQL {
  return sql`array(select blocked_id from user_blocks where blocker_id = ${viewerId}
      union all select blocker_id from user_blocks where blocked_id = ${viewerId})`;
}

/**
 * `visibleTo` for a list that joins the author's profile as `author`: the same rule, written so that it
 * filters rows as an index hands them over.
 */
export function visibleAuthor(viewerId: string | Placeholder, author: SQL): SQL {
  return sql`not ${author}.is_blocked and ${author}.id <> all (${blockedWith(viewerId)})`;
}

/** Either of the two has blocked the other. */
export async function isBlockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await queryPrepared<{ blocked: boolean }>(db, sql`select ${blockedEitherWay(a, b)} as blocked`);
  return row?.blocked === true;
}
