import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import { createReport } from './reports.service.js';

export function reportsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.createReport, async (request, reply, viewer) => {
    const report = await createReport({ db, viewer, input: request.body, answer: answerRecorder(request, 201) });
    reply.status(201);
    return report;
  });
}
