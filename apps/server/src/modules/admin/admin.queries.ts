import type { ReportAction, ReportStatus } from '@burti/shared';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor, rowLimit } from '../../db/client.js';
import { adminAuditLog, posts, profiles, reports, session } from '../../db/schema/index.js';
import type { Cursor } from '../../lib/cursor.js';

/** The day of "Posts Today" is the day in Georgia, where the community lives. */
export const STATS_TIME_ZONE = 'Asia/Tbilisi';

const cursorText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
const cursorTime = (cursor: Cursor) => sql`(${cursor.at}::timestamp at time zone 'UTC')`;

export type StatsRow = {
  total_users: number;
  new_users_7d: number;
  new_users_30d: number;
  pending_reports: number;
  total_posts: number;
  posts_today: number;
  blocked_users: number;
};

/**
 * Every figure in one round trip, each from an index or a maintained counter: the new-user windows range over
 * profiles_created_at_idx, pending reports over reports_status_idx, total posts is the sum of the clubs'
 * trigger-kept posts_count (one row per club), today's posts range over the partial posts_feed_idx.
 * Total users and blocked users are rows of site_counters, kept by a trigger on profiles.
 */
export async function readStats(db: Executor): Promise<StatsRow> {
  const [row] = await queryRows<StatsRow>(
    db,
    sql`select
      (select coalesce((select value from site_counters where name = 'users'), 0))::int as total_users,
      (select count(*) from profiles where created_at >= now() - interval '7 days')::int as new_users_7d,
      (select count(*) from profiles where created_at >= now() - interval '30 days')::int as new_users_30d,
      (select count(*) from reports where status = 'pending')::int as pending_reports,
      (select coalesce(sum(posts_count), 0) from clubs)::int as total_posts,
      (select count(*) from posts
        where deleted_at is null
          and created_at >= (date_trunc('day', now() at time zone ${STATS_TIME_ZONE}) at time zone ${STATS_TIME_ZONE})
      )::int as posts_today,
      (select coalesce((select value from site_counters where name = 'blocked_users'), 0))::int as blocked_users`,
  );
  return row!;
}

export type ReportCaseRow = {
  id: string;
  status: ReportStatus;
  target_type: 'post' | 'comment' | 'user';
  target_id: string;
  reason: string;
  created_at: Date | string;
  resolution_note: string | null;
  resolved_at: Date | string | null;
  reporter_id: string;
  reporter_nickname: string;
  resolved_by_nickname: string | null;
  report_count: number;
  reporters: string[];
  cursor_at: string;
};

/**
 * One row per reported target (its newest report of the status), newest first. Walks reports_status_idx in
 * order and checks each candidate against reports_target_idx, so a page costs the same however long the
 * history of closed reports grows.
 */
export async function listReportCases(
  db: Executor,
  args: { status: ReportStatus; cursor: Cursor | null; limit: number },
): Promise<ReportCaseRow[]> {
  const { status, cursor, limit } = args;
  const sameCase = (alias: string) =>
    sql`${sql.raw(alias)}.target_type = r.target_type and ${sql.raw(alias)}.target_id = r.target_id and ${sql.raw(alias)}.status = r.status`;
  return queryRows<ReportCaseRow>(
    db,
    sql`select r.id, r.status, r.target_type, r.target_id, r.reason, r.created_at, r.resolution_note, r.resolved_at,
        rp.id as reporter_id, rp.nickname as reporter_nickname, rb.nickname as resolved_by_nickname,
        (select count(*) from reports c where ${sameCase('c')})::int as report_count,
        array(
          select cp.nickname from reports c join profiles cp on cp.id = c.reporter_id
          where ${sameCase('c')} order by c.created_at desc, c.id desc limit 5
        ) as reporters,
        ${cursorText(sql`r.created_at`)} as cursor_at
      from reports r
      join profiles rp on rp.id = r.reporter_id
      left join profiles rb on rb.id = r.resolved_by
      where r.status = ${status}
        and not exists (
          select 1 from reports n where ${sameCase('n')} and (n.created_at, n.id) > (r.created_at, r.id)
        )
        ${cursor ? sql`and (r.created_at, r.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by r.created_at desc, r.id desc
      limit ${rowLimit(limit)}`,
  );
}

export type ReportedPostRow = {
  id: string;
  text: string | null;
  media_url: string | null;
  media_type: 'photo' | 'video' | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
  author_id: string;
  author_nickname: string;
  revisions_count: number;
};

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export async function findReportedPosts(db: Executor, ids: string[]): Promise<ReportedPostRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ReportedPostRow>(
    db,
    sql`select p.id, p.text, p.media_url, p.media_type, p.created_at, p.edited_at, p.deleted_at,
        a.id as author_id, a.nickname as author_nickname,
        (select count(*) from post_revisions pr where pr.post_id = p.id)::int as revisions_count
      from posts p join profiles a on a.id = p.author_id
      where p.id in (${uuidList(ids)})`,
  );
}

export type ReportedCommentRow = {
  id: string;
  post_id: string;
  body: string;
  created_at: Date | string;
  author_id: string;
  author_nickname: string;
};

export async function findReportedComments(db: Executor, ids: string[]): Promise<ReportedCommentRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ReportedCommentRow>(
    db,
    sql`select c.id, c.post_id, c.body, c.created_at, a.id as author_id, a.nickname as author_nickname
      from comments c join profiles a on a.id = c.author_id
      where c.id in (${uuidList(ids)})`,
  );
}

export async function findReportedUsers(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: profiles.id,
      nickname: profiles.nickname,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      updatedAt: profiles.updatedAt,
      isBlocked: profiles.isBlocked,
    })
    .from(profiles)
    .where(inArray(profiles.id, ids));
}

export async function lockReport(db: Executor, reportId: string) {
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId)).for('update');
  return report ?? null;
}

/** Closes every pending report of the target at once; returns the ids it closed. */
export async function closePendingReports(
  db: Executor,
  args: {
    targetType: 'post' | 'comment' | 'user';
    targetId: string;
    status: ReportAction;
    note: string | null;
    adminId: string;
  },
): Promise<string[]> {
  const closed = await db
    .update(reports)
    .set({ status: args.status, resolutionNote: args.note, resolvedBy: args.adminId, resolvedAt: new Date() })
    .where(
      and(eq(reports.targetType, args.targetType), eq(reports.targetId, args.targetId), eq(reports.status, 'pending')),
    )
    .returning({ id: reports.id });
  return closed.map((row) => row.id);
}

export async function lockPost(db: Executor, postId: string) {
  const [post] = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      deletedAt: posts.deletedAt,
      mediaPath: posts.mediaPath,
      mediaFeedPath: posts.mediaFeedPath,
      mediaPosterPath: posts.mediaPosterPath,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  return post ?? null;
}

/** The same soft delete as the author's: the post leaves every list and loses its media fields. */
/** True when a moderator (not the author) deleted the post: the audit log keeps every such deletion. */
export async function wasRemovedByModerator(db: Executor, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adminAuditLog.id })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.action, 'post_deleted'),
        eq(adminAuditLog.targetType, 'post'),
        eq(adminAuditLog.targetId, postId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function softDeletePost(db: Executor, postId: string, at: Date): Promise<void> {
  await db
    .update(posts)
    .set({
      deletedAt: at,
      mediaUrl: null,
      mediaPath: null,
      mediaType: null,
      mediaWidth: null,
      mediaHeight: null,
      mediaFeedUrl: null,
      mediaFeedPath: null,
      mediaPosterUrl: null,
      mediaPosterPath: null,
      updatedAt: at,
    })
    .where(eq(posts.id, postId));
}

/**
 * The administrators who may act (admin and not blocked) and the member an action is about, locked together in
 * id order for the transaction: two administrators demoting or blocking each other at the same moment cannot
 * both succeed, and concurrent actions on one member never deadlock. Locked in two steps (the administrators,
 * then the member), a grant that locked the administrators first and a revoke that met the member among them
 * first waited for each other (PostgreSQL's 40P01); in one statement every transaction takes the rows in the
 * same order. The member's row is null when there is no such member.
 */
export async function lockAdminsAndMember(
  db: Executor,
  userId: string,
): Promise<{ admins: string[]; member: { id: string; isAdmin: boolean; isBlocked: boolean } | null }> {
  const rows = await db
    .select({ id: profiles.id, isAdmin: profiles.isAdmin, isBlocked: profiles.isBlocked })
    .from(profiles)
    .where(or(and(eq(profiles.isAdmin, true), eq(profiles.isBlocked, false)), eq(profiles.id, userId)))
    .orderBy(profiles.id)
    .for('update');
  return {
    // Read as locked: a row changed by a transaction this one waited for is seen as that one left it.
    admins: rows.filter((row) => row.isAdmin && !row.isBlocked).map((row) => row.id),
    member: rows.find((row) => row.id === userId) ?? null,
  };
}

export async function setBlocked(db: Executor, userId: string, blocked: boolean): Promise<void> {
  await db
    .update(profiles)
    .set({ isBlocked: blocked, blockedAt: blocked ? new Date() : null })
    .where(eq(profiles.id, userId));
}

/** Ends every session of the user: cookies and bearer tokens stop working at once. */
export async function deleteSessions(db: Executor, userId: string): Promise<number> {
  const deleted = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return deleted.length;
}

export async function setAdmin(db: Executor, userId: string, isAdmin: boolean): Promise<void> {
  await db.update(profiles).set({ isAdmin }).where(eq(profiles.id, userId));
}

export type AdminUserRow = {
  id: string;
  nickname: string;
  email: string | null;
  avatar_url: string | null;
  updated_at: Date | string;
  is_admin: boolean;
  is_blocked: boolean;
  blocked_at: Date | string | null;
  created_at: Date | string;
  posts_count: number;
  cursor_at: string;
};

/** ILIKE treats % and _ as wildcards and \ as their escape: a search for "50%" means the text "50%". */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Users newest first, optionally those whose nickname or email contains the query (case-insensitive). */
export async function listUsers(
  db: Executor,
  args: { query?: string; cursor: Cursor | null; limit: number; userId?: string },
): Promise<AdminUserRow[]> {
  const { query, cursor, limit, userId } = args;
  const pattern = query ? likePattern(query) : null;
  return queryRows<AdminUserRow>(
    db,
    sql`select p.id, p.nickname, u.email, p.avatar_url, p.updated_at, p.is_admin, p.is_blocked, p.blocked_at,
        p.created_at, p.posts_count, ${cursorText(sql`p.created_at`)} as cursor_at
      from profiles p join "user" u on u.id = p.id
      where true
        ${userId ? sql`and p.id = ${userId}` : sql``}
        ${pattern ? sql`and (p.nickname ilike ${pattern} escape '\\' or u.email ilike ${pattern} escape '\\')` : sql``}
        ${cursor ? sql`and (p.created_at, p.id) < (${cursorTime(cursor)}, ${cursor.id})` : sql``}
      order by p.created_at desc, p.id desc
      limit ${rowLimit(limit)}`,
  );
}

export async function insertAudit(
  db: Executor,
  entry: {
    adminId: string;
    action: string;
    targetType: string;
    targetId: string;
    note: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(adminAuditLog).values({ ...entry, details: entry.details ?? null });
}

export type AuditRow = {
  id: number | string;
  action: string;
  target_type: string;
  target_id: string;
  note: string | null;
  details: Record<string, unknown> | null;
  created_at: Date | string;
  admin_id: string | null;
  admin_nickname: string | null;
  /** What the target is called today (a nickname, a post's first line, a team's name), null once it is gone. */
  target_label: string | null;
  /** Its Georgian name, for targets that have one (teams, competitions, matches). */
  target_label_ka: string | null;
};

/** A text's first line, cut to 80 characters: how the log names a post or a comment. */
const firstLine = (column: SQL) => sql`nullif(left(btrim(split_part(btrim(${column}), E'\n', 1)), 80), '')`;

/** Newest first by id (ids only grow), so the primary key pages the log. */
export async function listAudit(db: Executor, args: { beforeId: number | null; limit: number }): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    db,
    sql`select l.id, l.action, l.target_type, l.target_id, l.note, l.details, l.created_at,
        a.id as admin_id, a.nickname as admin_nickname,
        case l.target_type
          when 'user' then (select u.nickname from profiles u where u.id = l.target_id)
          when 'post' then (select ${firstLine(sql`p.text`)} from posts p where p.id = l.target_id::uuid)
          -- A removed comment's words are gone from the table; the entry keeps an excerpt of them.
          when 'comment' then coalesce(
            (select ${firstLine(sql`c.body`)} from comments c where c.id = l.target_id::uuid),
            ${firstLine(sql`l.details->>'excerpt'`)})
          when 'team' then (select tm.name from teams tm where tm.id = l.target_id::integer)
          when 'competition' then (select co.name from competitions co where co.id = l.target_id::integer)
          when 'season' then (select co.name || ' ' || s.label from seasons s join competitions co on co.id = s.competition_id
            where s.id = l.target_id::integer)
          when 'match' then (select h.name || ' – ' || aw.name from fixtures f
            join teams h on h.id = f.home_team_id join teams aw on aw.id = f.away_team_id where f.id = l.target_id::uuid)
        end as target_label,
        case l.target_type
          when 'team' then (select tm.name_ka from teams tm where tm.id = l.target_id::integer)
          when 'competition' then (select co.name_ka from competitions co where co.id = l.target_id::integer)
          when 'season' then (select co.name_ka || ' ' || s.label from seasons s
            join competitions co on co.id = s.competition_id where s.id = l.target_id::integer)
          when 'match' then (select coalesce(h.name_ka, h.name) || ' – ' || coalesce(aw.name_ka, aw.name) from fixtures f
            join teams h on h.id = f.home_team_id join teams aw on aw.id = f.away_team_id where f.id = l.target_id::uuid)
        end as target_label_ka
      from admin_audit_log l left join profiles a on a.id = l.admin_id
      ${args.beforeId === null ? sql`` : sql`where l.id < ${args.beforeId}`}
      order by l.id desc
      limit ${rowLimit(args.limit)}`,
  );
}
