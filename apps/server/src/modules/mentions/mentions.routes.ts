import { mentionSuggestQuery, type MentionSuggestResponse } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireViewer } from '../../plugins/auth.js';
import { suggestFans } from './mentions.service.js';

export function mentionsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  /** Autocomplete for `@` in the composer and the comment box: fans by nickname prefix. */
  app.get('/api/mentions/suggest', async (request): Promise<MentionSuggestResponse> => {
    const viewer = await requireViewer(request);
    const { q } = mentionSuggestQuery.parse(request.query);
    return suggestFans({ db, viewer, prefix: q });
  });
}
