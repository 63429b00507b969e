import { userIdParams, type BlockState, type FollowState } from '@burti/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireActiveViewer } from '../../plugins/auth.js';
import { perUser, USER_LIMITS } from '../../plugins/rate-limit.js';
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
  app.post('/api/users/:userId/follow', perUser(app, USER_LIMITS.follows), act<FollowState>(follow));
  app.delete('/api/users/:userId/follow', perUser(app, USER_LIMITS.follows), act<FollowState>(unfollow));
  app.post('/api/users/:userId/block', perUser(app, USER_LIMITS.blocks), act<BlockState>(block));
  app.delete('/api/users/:userId/block', perUser(app, USER_LIMITS.blocks), act<BlockState>(unblock));
}
