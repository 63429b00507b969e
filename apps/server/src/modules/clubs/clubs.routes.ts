import { clubListQuery, type ClubListResponse } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { listClubs } from './clubs.queries.js';

export function clubsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/clubs', async (request): Promise<ClubListResponse> => {
    const { q } = clubListQuery.parse(request.query);
    return { clubs: await listClubs(db, q) };
  });
}
