import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import * as goal from './goal.service.js';

export function goalRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.getGoalBalance, async (_request, _reply, viewer) => goal.getBalance({ db, viewer }));

  route(app, operations.processGoal, async (_request, _reply, viewer) => goal.processGoalEvents({ db, viewer }));

  route(app, operations.listReferrals, async (_request, _reply, viewer) => goal.listReferrals({ db, viewer }));

  route(app, operations.recordReferral, async (request, _reply, viewer) => {
    const answer = answerRecorder<boolean>(request, 200, (recorded) => ({ recorded }));
    return { recorded: await goal.recordReferral({ db, viewer, input: request.body, answer }) };
  });
}
