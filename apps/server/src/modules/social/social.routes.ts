import { userIdParams, type BlockState, type FollowState } from '@burti/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireActiveViewer } from '../../plugins/auth.js';
import { perUser } from '../../plugins/rate-limit.js';
import { block, follow, unblock, unfollow } from './social.service.js';

export function socialRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const act =
    <T>(
      action: (args: {
        db: Db;
        viewer: Awaited<ReturnType<typeof requireActiveViewer>>;
        targetId: string;
      }) => Promise<T>,
    ) =>
    async (request: FastifyRequest): Promise<T> => {
      const viewer = await requireActiveViewer(request);
      const { userId } = userIdParams.parse(request.params);
      return action({ db, viewer, targetId: userId });
    };
  app.post('/api/users/:userId/follow', perUser(app, 60), act<FollowState>(follow));
  app.delete('/api/users/:userId/follow', perUser(app, 60), act<FollowState>(unfollow));
  app.post('/api/users/:userId/block', perUser(app, 30), act<BlockState>(block));
  app.delete('/api/users/:userId/block', perUser(app, 30), act<BlockState>(unblock));
}
