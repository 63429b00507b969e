import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { block, follow, unblock, unfollow } from './social.service.js';

export function socialRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.followUser, async (request, _reply, viewer) =>
    follow({ db, viewer, targetId: request.params.userId }),
  );
  route(app, operations.unfollowUser, async (request, _reply, viewer) =>
    unfollow({ db, viewer, targetId: request.params.userId }),
  );
  route(app, operations.blockUser, async (request, _reply, viewer) =>
    block({ db, viewer, targetId: request.params.userId }),
  );
  route(app, operations.unblockUser, async (request, _reply, viewer) =>
    unblock({ db, viewer, targetId: request.params.userId }),
  );
}
