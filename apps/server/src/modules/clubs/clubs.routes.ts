import { clubIdParams, clubListQuery, type ClubDetailResponse, type ClubListResponse } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { clubDetail, listClubs } from './clubs.service.js';

export function clubsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/clubs', async (request): Promise<ClubListResponse> => {
    const { q } = clubListQuery.parse(request.query);
    return { clubs: await listClubs(db, q) };
  });

  app.get('/api/clubs/:clubId', async (request): Promise<ClubDetailResponse> => {
    const { clubId } = clubIdParams.parse(request.params);
    return { club: await clubDetail(db, clubId) };
  });
}
