import { createReportInput } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireActiveViewer } from '../../plugins/auth.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import { perUser, USER_LIMITS } from '../../plugins/rate-limit.js';
import { createReport } from './reports.service.js';

export function reportsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.post('/api/reports', perUser(app, USER_LIMITS.reports), async (request, reply) => {
    const viewer = await requireActiveViewer(request);
    const input = createReportInput.parse(request.body ?? {});
    const report = await createReport({ db, viewer, input, answer: answerRecorder(request, 201) });
    reply.status(201);
    return report;
  });
}
