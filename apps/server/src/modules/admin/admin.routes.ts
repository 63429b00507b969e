import {
  adminNoteInput,
  adminReportsQuery,
  adminUsersQuery,
  auditQuery,
  blockUserInput,
  postIdParams,
  reportIdParams,
  resolveReportInput,
  setAdminInput,
  userIdParams,
  type AdminDeletePostResponse,
  type AdminReportPage,
  type AdminSettings,
  type AdminStats,
  type AdminUserPage,
  type AdminUserResponse,
  type AuditPage,
  type ResolveReportResponse,
} from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { configuredPushChannels, type PushConfig } from '../../lib/push/config.js';
import { readSettings } from './admin.settings.js';
import { requireAdmin } from '../../plugins/auth.js';
import * as admin from './admin.service.js';

/** The admin area's API: every route answers 401 to anonymous callers and 403 to anyone but an administrator. */
export function adminRoutes(
  app: FastifyInstance,
  { db, storage, push }: { db: Db; storage: Storage; push: PushConfig | undefined },
): void {
  app.get('/api/admin/stats', async (request): Promise<AdminStats> => {
    await requireAdmin(request);
    return admin.getStats({ db });
  });

  app.get('/api/admin/reports', async (request): Promise<AdminReportPage> => {
    await requireAdmin(request);
    const { status, cursor } = adminReportsQuery.parse(request.query);
    return admin.listReports({ db, status, cursor });
  });

  app.post('/api/admin/reports/:reportId/resolve', async (request): Promise<ResolveReportResponse> => {
    const viewer = await requireAdmin(request);
    const { reportId } = reportIdParams.parse(request.params);
    const { action, note } = resolveReportInput.parse(request.body ?? {});
    return admin.resolveReport({ db, admin: viewer, reportId, action, note });
  });

  app.post('/api/admin/posts/:postId/delete', async (request): Promise<AdminDeletePostResponse> => {
    const viewer = await requireAdmin(request);
    const { postId } = postIdParams.parse(request.params);
    const { note } = adminNoteInput.parse(request.body ?? {});
    return admin.deletePost({ db, admin: viewer, storage, log: request.log, postId, note });
  });

  app.get('/api/admin/users', async (request): Promise<AdminUserPage> => {
    await requireAdmin(request);
    const { q, cursor } = adminUsersQuery.parse(request.query);
    return admin.listUsers({ db, query: q, cursor });
  });

  app.post('/api/admin/users/:userId/block', async (request): Promise<AdminUserResponse> => {
    const viewer = await requireAdmin(request);
    const { userId } = userIdParams.parse(request.params);
    const { blocked, note } = blockUserInput.parse(request.body ?? {});
    return { user: await admin.setUserBlocked({ db, admin: viewer, userId, blocked, note }) };
  });

  app.post('/api/admin/users/:userId/admin', async (request): Promise<AdminUserResponse> => {
    const viewer = await requireAdmin(request);
    const { userId } = userIdParams.parse(request.params);
    const { isAdmin, note } = setAdminInput.parse(request.body ?? {});
    return { user: await admin.setUserAdmin({ db, admin: viewer, userId, isAdmin, note }) };
  });

  app.get('/api/admin/audit', async (request): Promise<AuditPage> => {
    await requireAdmin(request);
    const { cursor } = auditQuery.parse(request.query);
    return admin.listAudit({ db, cursor });
  });

  app.get('/api/admin/settings', async (request): Promise<AdminSettings> => {
    await requireAdmin(request);
    return readSettings({ rateLimitsEnabled: app.rateLimitsEnabled, pushChannels: configuredPushChannels(push) });
  });
}
