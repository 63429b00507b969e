import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { configuredPushChannels, type PushConfig } from '../../lib/push/config.js';
import { route } from '../../plugins/contract.js';
import { readSettings } from './admin.settings.js';
import * as admin from './admin.service.js';

/** The admin area's API: every route answers 401 to anonymous callers and 403 to anyone but an administrator. */
export function adminRoutes(
  app: FastifyInstance,
  { db, storage, push }: { db: Db; storage: Storage; push: PushConfig | undefined },
): void {
  route(app, operations.getAdminStats, async () => admin.getStats({ db }));

  route(app, operations.listAdminReports, async (request) => {
    const { status, cursor } = request.query;
    return admin.listReports({ db, status, cursor });
  });

  route(app, operations.resolveReport, async (request, _reply, viewer) => {
    const { action, note } = request.body;
    return admin.resolveReport({ db, admin: viewer, reportId: request.params.reportId, action, note });
  });

  route(app, operations.adminDeletePost, async (request, _reply, viewer) =>
    admin.deletePost({
      db,
      admin: viewer,
      storage,
      log: request.log,
      postId: request.params.postId,
      note: request.body.note,
    }),
  );

  route(app, operations.adminDeleteComment, async (request, _reply, viewer) =>
    admin.deleteComment({ db, admin: viewer, commentId: request.params.commentId, note: request.body.note }),
  );

  route(app, operations.listAdminUsers, async (request) => {
    const { q, cursor } = request.query;
    return admin.listUsers({ db, query: q, cursor });
  });

  route(app, operations.setUserBlocked, async (request, _reply, viewer) => {
    const { blocked, note } = request.body;
    return { user: await admin.setUserBlocked({ db, admin: viewer, userId: request.params.userId, blocked, note }) };
  });

  route(app, operations.setUserAdmin, async (request, _reply, viewer) => {
    const { isAdmin, note } = request.body;
    return { user: await admin.setUserAdmin({ db, admin: viewer, userId: request.params.userId, isAdmin, note }) };
  });

  route(app, operations.listAudit, async (request) => admin.listAudit({ db, cursor: request.query.cursor }));

  route(app, operations.getAdminSettings, () =>
    readSettings({ rateLimitsEnabled: app.rateLimitsEnabled, pushChannels: configuredPushChannels(push) }),
  );
}
