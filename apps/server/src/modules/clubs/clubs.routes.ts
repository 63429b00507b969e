import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { clubDetail, listClubs } from './clubs.service.js';

export function clubsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.listClubs, async (request) => ({ clubs: await listClubs(db, request.query.q) }));
  route(app, operations.getClub, async (request) => ({ club: await clubDetail(db, request.params.clubId) }));
}
