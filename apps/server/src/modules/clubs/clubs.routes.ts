import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { clubDetail, followedClubsPage, listClubs, setClubFollow } from './clubs.service.js';

export function clubsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.listClubs, async (request) => ({ clubs: await listClubs(db, request.query.q) }));
  route(app, operations.getClub, async (request, _reply, viewer) => ({
    club: await clubDetail(db, viewer.id, request.params.clubId),
  }));
  route(app, operations.followClub, (request, _reply, viewer) =>
    setClubFollow(db, viewer.id, request.params.clubId, true),
  );
  route(app, operations.unfollowClub, (request, _reply, viewer) =>
    setClubFollow(db, viewer.id, request.params.clubId, false),
  );
  route(app, operations.getFollowedClubsFeed, (request, _reply, viewer) =>
    followedClubsPage(db, viewer.id, request.query.cursor),
  );
}
