import {
  ADMIN_PAGE_SIZE,
  type AdminDeleteCommentResponse,
  type AdminDeletePostResponse,
  type AdminReport,
  type AdminReportPage,
  type AdminReportTarget,
  type AdminStats,
  type AdminUser,
  type AdminUserPage,
  type AuditAction,
  type AuditPage,
  type ReportAction,
  type ReportStatus,
} from '@burti/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { versionedAvatar } from '../../lib/avatar.js';
import { decodeCursor, encodeCursor, isPossibleTimestamp, type Cursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { forgetViewer } from '../../lib/viewer-revocation.js';
import type { Storage } from '../../lib/storage.js';
import type { Viewer } from '../../plugins/auth.js';
import { removeCommentAsModerator } from '../comments/comments.service.js';
import * as q from './admin.queries.js';

type Deps = { db: Db; admin: Viewer };

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function audit(
  db: Executor,
  admin: Viewer,
  entry: {
    action: AuditAction;
    targetType: string;
    targetId: string;
    note: string | null;
    details?: Record<string, unknown>;
  },
) {
  await q.insertAudit(db, { adminId: admin.id, ...entry });
}

/** Records an administrator's change made by another module (the fixture editor, the live console) in the audit log. */
export const recordAudit = audit;

export async function getStats({ db }: { db: Db }): Promise<AdminStats> {
  const row = await q.readStats(db);
  return {
    totalUsers: row.total_users,
    newUsers7d: row.new_users_7d,
    newUsers30d: row.new_users_30d,
    pendingReports: row.pending_reports,
    totalPosts: row.total_posts,
    postsToday: row.posts_today,
    blockedUsers: row.blocked_users,
  };
}

// --- reports ---------------------------------------------------------------------------------------------------------

export async function listReports({
  db,
  status,
  cursor,
}: {
  db: Db;
  status: ReportStatus;
  cursor?: string;
}): Promise<AdminReportPage> {
  const rows = await q.listReportCases(db, { status, cursor: decodeCursor(cursor), limit: ADMIN_PAGE_SIZE + 1 });
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const idsOf = (type: 'post' | 'comment' | 'user') =>
    [...new Set(page.filter((r) => r.target_type === type).map((r) => r.target_id))].filter(
      (id) => type === 'user' || UUID.test(id),
    );
  const [postRows, commentRows, userRows] = await Promise.all([
    q.findReportedPosts(db, idsOf('post')),
    q.findReportedComments(db, idsOf('comment')),
    q.findReportedUsers(db, idsOf('user')),
  ]);
  const targets = new Map<string, AdminReportTarget>();
  for (const p of postRows) {
    targets.set(`post:${p.id}`, {
      type: 'post',
      id: p.id,
      text: p.text,
      media: p.media_url && p.media_type ? { url: p.media_url, type: p.media_type } : null,
      author: { id: p.author_id, nickname: p.author_nickname },
      createdAt: iso(p.created_at),
      editedAt: isoOrNull(p.edited_at),
      deletedAt: isoOrNull(p.deleted_at),
      revisionsCount: p.revisions_count,
    });
  }
  for (const c of commentRows) {
    targets.set(`comment:${c.id}`, {
      type: 'comment',
      id: c.id,
      postId: c.post_id,
      body: c.body,
      author: { id: c.author_id, nickname: c.author_nickname },
      createdAt: iso(c.created_at),
    });
  }
  for (const u of userRows) {
    targets.set(`user:${u.id}`, {
      type: 'user',
      id: u.id,
      nickname: u.nickname,
      bio: u.bio,
      avatarUrl: versionedAvatar(u.avatarUrl, u.updatedAt),
      isBlocked: u.isBlocked,
    });
  }
  const reports: AdminReport[] = page.map((r) => ({
    id: r.id,
    status: r.status,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    createdAt: iso(r.created_at),
    reporter: { id: r.reporter_id, nickname: r.reporter_nickname },
    resolutionNote: r.resolution_note,
    resolvedAt: isoOrNull(r.resolved_at),
    resolvedBy: r.resolved_by_nickname,
    target: targets.get(`${r.target_type}:${r.target_id}`) ?? null,
    reportCount: r.report_count,
    reporters: r.reporters,
  }));
  const last = page[page.length - 1];
  return {
    reports,
    nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** Closes the case: every pending report of the same target at once, with one audit row. */
export async function resolveReport({
  db,
  admin,
  reportId,
  action,
  note,
}: Deps & { reportId: string; action: ReportAction; note: string | null }) {
  return db.transaction(async (tx) => {
    const report = await q.lockReport(tx, reportId);
    if (!report) throw new AppError('REPORT_NOT_FOUND');
    if (report.status !== 'pending') {
      throw new AppError('REPORT_CLOSED', `This report has already been ${report.status}.`);
    }
    const closed = await q.closePendingReports(tx, {
      targetType: report.targetType,
      targetId: report.targetId,
      status: action,
      note,
      adminId: admin.id,
    });
    await audit(tx, admin, {
      action: action === 'resolved' ? 'report_resolved' : 'report_dismissed',
      targetType: report.targetType,
      targetId: report.targetId,
      note,
      details: { reportIds: closed, reportCount: closed.length },
    });
    return { status: action, resolvedCount: closed.length };
  });
}

// --- posts -----------------------------------------------------------------------------------------------------------

/** The author's soft delete, done by an administrator: the post leaves every list and its media file goes. */
export async function deletePost({
  db,
  admin,
  storage,
  log,
  postId,
  note,
}: Deps & {
  storage: Storage;
  log: FastifyBaseLogger;
  postId: string;
  note: string | null;
}): Promise<AdminDeletePostResponse> {
  const deletedAt = new Date();
  let resolvedCount = 0;
  const mediaPaths = await db.transaction(async (tx) => {
    const post = await q.lockPost(tx, postId);
    if (!post) throw new AppError('POST_NOT_FOUND');
    if (post.deletedAt) throw new AppError('POST_DELETED');
    await q.softDeletePost(tx, postId, deletedAt);
    // Removing what was reported decides its case: the pending reports on it are resolved with the same note.
    const closed = await q.closePendingReports(tx, {
      targetType: 'post',
      targetId: postId,
      status: 'resolved',
      note,
      adminId: admin.id,
    });
    resolvedCount = closed.length;
    await audit(tx, admin, {
      action: 'post_deleted',
      targetType: 'post',
      targetId: postId,
      note,
      details: { authorId: post.authorId, ...(closed.length > 0 && { reportIds: closed, reportCount: closed.length }) },
    });
    return [post.mediaPath, post.mediaFeedPath, post.mediaPosterPath].filter((path): path is string => Boolean(path));
  });
  // After the commit, so a failed transaction never leaves a live post without its file.
  for (const path of mediaPaths) {
    await storage.remove(path).catch((err: unknown) => log.warn({ err, path }, 'could not remove a media file'));
  }
  return { postId, deletedAt: deletedAt.toISOString(), resolvedCount };
}

/**
 * Removes a comment as a moderator, as its author's delete does (a comment with replies stays as a tombstone for
 * them), and resolves the pending reports on it.
 */
export async function deleteComment({
  db,
  admin,
  commentId,
  note,
}: Deps & { commentId: string; note: string | null }): Promise<AdminDeleteCommentResponse> {
  return db.transaction(async (tx) => {
    const removed = await removeCommentAsModerator(tx, admin.id, commentId);
    if (!removed) throw new AppError('COMMENT_NOT_FOUND');
    const closed = await q.closePendingReports(tx, {
      targetType: 'comment',
      targetId: commentId,
      status: 'resolved',
      note,
      adminId: admin.id,
    });
    await audit(tx, admin, {
      action: 'comment_deleted',
      targetType: 'comment',
      targetId: commentId,
      note,
      details: {
        authorId: removed.authorId,
        postId: removed.postId,
        // The words removed, for the log's reader: the comment itself is gone.
        excerpt: removed.body.slice(0, 120),
        ...(closed.length > 0 && { reportIds: closed, reportCount: closed.length }),
      },
    });
    return { commentId, resolvedCount: closed.length };
  });
}

// --- users -----------------------------------------------------------------------------------------------------------

function toAdminUser(row: q.AdminUserRow): AdminUser {
  return {
    id: row.id,
    nickname: row.nickname,
    email: row.email,
    avatarUrl: versionedAvatar(row.avatar_url, row.updated_at),
    isAdmin: row.is_admin,
    isBlocked: row.is_blocked,
    blockedAt: isoOrNull(row.blocked_at),
    createdAt: iso(row.created_at),
    postsCount: row.posts_count,
  };
}

async function findAdminUser(db: Executor, userId: string): Promise<AdminUser> {
  const [row] = await q.listUsers(db, { userId, cursor: null, limit: 1 });
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toAdminUser(row);
}

/** Users' ids are opaque text (not always UUIDs), so their cursor checks only the shape. */
function decodeUserCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [at, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length > 0 || !isPossibleTimestamp(at) || id.length > 64) {
    throw new AppError('VALIDATION', 'That page link is not valid.');
  }
  return { at, id };
}

export async function listUsers({
  db,
  query,
  cursor,
}: {
  db: Db;
  query?: string;
  cursor?: string;
}): Promise<AdminUserPage> {
  const rows = await q.listUsers(db, {
    query: query || undefined,
    cursor: decodeUserCursor(cursor),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    users: page.map(toAdminUser),
    nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/**
 * Locks the acting administrators and the member acted on (in one order, see `lockAdminsAndMember`) and checks
 * the caller is still one of the administrators: whatever happened since the request began (another
 * administrator blocked or demoted them, or acted on the same member), the change is decided on the current
 * state, and of concurrent actions on one member the last to take the lock wins.
 */
async function lockForAction(tx: Executor, admin: Viewer, userId: string) {
  const locked = await q.lockAdminsAndMember(tx, userId);
  if (!locked.admins.includes(admin.id)) throw new AppError('FORBIDDEN');
  if (!locked.member) throw new AppError('USER_NOT_FOUND');
  return { admins: locked.admins, target: locked.member };
}

/**
 * Blocks or unblocks an account. Blocking ends every session of the user (they sign in again and can read),
 * and the rest of the API refuses their writes and hides their content while the block lasts.
 */
export async function setUserBlocked({
  db,
  admin,
  userId,
  blocked,
  note,
}: Deps & { userId: string; blocked: boolean; note: string | null }): Promise<AdminUser> {
  if (userId === admin.id) {
    throw new AppError('CANNOT_TARGET_SELF', blocked ? 'You cannot block yourself.' : 'You cannot unblock yourself.');
  }
  await db.transaction(async (tx) => {
    const { target } = await lockForAction(tx, admin, userId);
    if (target.isBlocked === blocked) return;
    await q.setBlocked(tx, userId, blocked);
    const sessionsEnded = blocked ? await q.deleteSessions(tx, userId) : 0;
    // Once the transaction commits, on every instance: a lookup in between would find the old rows.
    await forgetViewer(tx, userId);
    await audit(tx, admin, {
      action: blocked ? 'user_blocked' : 'user_unblocked',
      targetType: 'user',
      targetId: userId,
      note,
      details: blocked ? { sessionsEnded } : undefined,
    });
  });
  return findAdminUser(db, userId);
}

/** Grants or revokes admin: never one's own, and never the last administrator who can act. */
export async function setUserAdmin({
  db,
  admin,
  userId,
  isAdmin,
  note,
}: Deps & { userId: string; isAdmin: boolean; note: string | null }): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const { admins, target } = await lockForAction(tx, admin, userId);
    if (!isAdmin && target.isAdmin && admins.every((id) => id === userId)) throw new AppError('LAST_ADMIN');
    if (userId === admin.id) {
      throw new AppError(
        'CANNOT_TARGET_SELF',
        isAdmin ? 'You are already an administrator.' : 'You cannot revoke your own admin privileges.',
      );
    }
    if (target.isAdmin === isAdmin) return;
    await q.setAdmin(tx, userId, isAdmin);
    await forgetViewer(tx, userId);
    await audit(tx, admin, {
      action: isAdmin ? 'admin_granted' : 'admin_revoked',
      targetType: 'user',
      targetId: userId,
      note,
    });
  });
  return findAdminUser(db, userId);
}

// --- audit -----------------------------------------------------------------------------------------------------------

export async function listAudit({ db, cursor }: { db: Db; cursor?: string }): Promise<AuditPage> {
  let beforeId: number | null = null;
  if (cursor) {
    if (!/^\d{1,18}$/.test(cursor)) throw new AppError('VALIDATION', 'That page link is not valid.');
    beforeId = Number(cursor);
  }
  const rows = await q.listAudit(db, { beforeId, limit: ADMIN_PAGE_SIZE + 1 });
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    entries: page.map((row) => ({
      id: String(row.id),
      admin: row.admin_id && row.admin_nickname ? { id: row.admin_id, nickname: row.admin_nickname } : null,
      action: row.action as AuditAction,
      targetType: row.target_type,
      targetId: row.target_id,
      targetLabel: row.target_label,
      targetLabelKa: row.target_label_ka,
      note: row.note,
      details: row.details,
      createdAt: iso(row.created_at),
    })),
    nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? String(last.id) : null,
  };
}

/** Whether a deleted post was removed by a moderator (its author sees "Removed by a moderator"). */
export const wasRemovedByModerator = (db: Executor, postId: string): Promise<boolean> =>
  q.wasRemovedByModerator(db, postId);
