import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { route } from '../../plugins/contract.js';
import { deleteAccount } from './account.service.js';

export function accountRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }): void {
  route(app, operations.deleteAccount, async (request, reply, viewer) => {
    await deleteAccount({ db, viewer, storage, log: request.log });
    // The session rows are gone with the account; clear the cookies too.
    reply.header(
      'set-cookie',
      ['better-auth.session_token', 'better-auth.session_data'].map(
        (name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
      ),
    );
    return reply.status(204).send();
  });
}
