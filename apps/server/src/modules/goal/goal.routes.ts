import {
  processGoalInput,
  recordReferralInput,
  type GoalBalanceResponse,
  type RecordReferralResponse,
  type ReferralListResponse,
} from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireViewer } from '../../plugins/auth.js';
import { answerRecorder } from '../../plugins/idempotency.js';
import { perUser } from '../../plugins/rate-limit.js';
import * as goal from './goal.service.js';

export function goalRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/goal/balance', async (request): Promise<GoalBalanceResponse> => {
    const viewer = await requireViewer(request);
    return goal.getBalance({ db, viewer });
  });

  app.post('/api/goal/process', perUser(app, 60), async (request): Promise<GoalBalanceResponse> => {
    const viewer = await requireViewer(request);
    processGoalInput.parse(request.body ?? {});
    return goal.processGoalEvents({ db, viewer });
  });

  app.get('/api/goal/referrals', async (request): Promise<ReferralListResponse> => {
    const viewer = await requireViewer(request);
    return goal.listReferrals({ db, viewer });
  });

  app.post('/api/goal/referrals', perUser(app, 60), async (request): Promise<RecordReferralResponse> => {
    const viewer = await requireViewer(request);
    const input = recordReferralInput.parse(request.body ?? {});
    const answer = answerRecorder<boolean>(request, 200, (recorded) => ({ recorded }));
    return { recorded: await goal.recordReferral({ db, viewer, input, answer }) };
  });
}
