import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { searchAll, searchFans, searchPosts } from './search.service.js';

export function searchRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  /** The first page of fans, clubs, hashtags and posts. */
  route(app, operations.search, async (request, _reply, viewer) => searchAll({ db, viewer, text: request.query.q }));

  route(app, operations.searchFans, async (request, _reply, viewer) => {
    const { q, cursor } = request.query;
    return searchFans({ db, viewer, text: q, cursor });
  });

  route(app, operations.searchPosts, async (request, _reply, viewer) => {
    const { q, cursor } = request.query;
    return searchPosts({ db, viewer, text: q.replace(/^#+/, ''), cursor });
  });
}
