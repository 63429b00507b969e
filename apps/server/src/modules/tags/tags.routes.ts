import { cursorQuery, tagParams, trendingQuery, type PostPage, type TrendingResponse } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireViewer } from '../../plugins/auth.js';
import { tagPage, trendingTags } from './tags.service.js';

export function tagsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/tags/trending', async (request): Promise<TrendingResponse> => {
    await requireViewer(request);
    const { clubId } = trendingQuery.parse(request.query);
    return trendingTags({ db, clubId });
  });

  app.get('/api/tags/:tag/posts', async (request): Promise<PostPage> => {
    const viewer = await requireViewer(request);
    const { tag } = tagParams.parse(request.params);
    const { cursor } = cursorQuery.parse(request.query);
    return tagPage({ db, viewer, tag, cursor });
  });
}
