import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { tagPage, trendingTags } from './tags.service.js';

export function tagsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, operations.getTrendingTags, async (request) => trendingTags({ db, clubId: request.query.clubId }));

  route(app, operations.getTagPosts, async (request, _reply, viewer) =>
    tagPage({ db, viewer, tag: request.params.tag, cursor: request.query.cursor }),
  );
}
