import { leaderboardQuery, type LeaderboardResponse } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireViewer } from '../../plugins/auth.js';
import { getLeaderboard } from './leaderboard.service.js';

export function leaderboardRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/leaderboard', async (request): Promise<LeaderboardResponse> => {
    const viewer = await requireViewer(request);
    const { clubId, window } = leaderboardQuery.parse(request.query);
    return getLeaderboard({ db, viewer, clubId, window });
  });
}
