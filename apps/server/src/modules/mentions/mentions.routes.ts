import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../plugins/contract.js';
import { suggestFans } from './mentions.service.js';

export function mentionsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  /** Autocomplete for `@` in the composer and the comment box: fans by nickname prefix. */
  route(app, operations.suggestMentions, async (request, _reply, viewer) =>
    suggestFans({ db, viewer, prefix: request.query.q }),
  );
}
