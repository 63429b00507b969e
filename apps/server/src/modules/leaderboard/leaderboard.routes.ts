import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { getLeaderboard } from './leaderboard.service.js';

export function leaderboardRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.getLeaderboard, async (request, _reply, viewer) => {
    const { clubId, window } = request.query;
    return getLeaderboard({ db, viewer, clubId, window });
  });
}
