import { searchQuery, type FanResultPage, type PostPage, type SearchResponse } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireViewer } from '../../plugins/auth.js';
import { searchAll, searchFans, searchPosts } from './search.service.js';

export function searchRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  /** The first page of fans, clubs, hashtags and posts. */
  app.get('/api/search', async (request): Promise<SearchResponse> => {
    const viewer = await requireViewer(request);
    const { q } = searchQuery.parse(request.query);
    return searchAll({ db, viewer, text: q });
  });

  app.get('/api/search/fans', async (request): Promise<FanResultPage> => {
    const viewer = await requireViewer(request);
    const { q, cursor } = searchQuery.parse(request.query);
    return searchFans({ db, viewer, text: q, cursor });
  });

  app.get('/api/search/posts', async (request): Promise<PostPage> => {
    const viewer = await requireViewer(request);
    const { q, cursor } = searchQuery.parse(request.query);
    return searchPosts({ db, viewer, text: q.replace(/^#+/, ''), cursor });
  });
}
