import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/**
 * True when the viewer may see what the user wrote: neither has blocked the other, and an administrator
 * has not blocked the user. `userColumn` is an SQL expression naming the author's id.
 */
export function visibleTo(viewerId: string, userColumn: SQL): SQL {
  return sql`not exists (
      select 1 from user_blocks b
      where (b.blocker_id = ${viewerId} and b.blocked_id = ${userColumn})
         or (b.blocker_id = ${userColumn} and b.blocked_id = ${viewerId})
    )
    and not exists (select 1 from profiles bp where bp.id = ${userColumn} and bp.is_blocked)`;
}

/** Either of the two has blocked the other. */
export async function isBlockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(
    db,
    sql`select exists (
    select 1 from user_blocks
    where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})
  ) as blocked`,
  );
  return row?.blocked === true;
}
