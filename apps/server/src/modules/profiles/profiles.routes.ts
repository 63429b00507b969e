import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import { route } from '../../plugins/contract.js';
import { readingMultipart, uploadRoutes } from '../../plugins/uploads.js';
import { getMe, getPublicProfile, setAvatar, setPrimaryClub, updateProfile } from './profiles.service.js';

export function profilesRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }): void {
  uploadRoutes(app, (scope) => {
    route(scope, operations.uploadAvatar, async (request, _reply, viewer) => {
      const data = await readingMultipart(async () => {
        const file = request.isMultipart() ? await request.file() : undefined;
        return file?.toBuffer();
      });
      if (!data) throw new AppError('VALIDATION', 'Please select an image file');
      return { me: await setAvatar({ db, viewer, storage, file: data, log: request.log }) };
    });
  });

  route(app, operations.getMe, async (_request, _reply, viewer) => ({ me: await getMe({ db, viewer }) }));

  route(app, operations.updateProfile, async (request, _reply, viewer) => ({
    me: await updateProfile({ db, viewer, input: request.body }),
  }));

  route(app, operations.setClub, async (request, _reply, viewer) => ({
    me: await setPrimaryClub({ db, viewer, input: request.body }),
  }));

  route(app, operations.getUser, async (request, _reply, viewer) =>
    getPublicProfile({ db, viewer, by: { id: request.params.userId } }),
  );

  route(app, operations.getUserByNickname, async (request, _reply, viewer) =>
    getPublicProfile({ db, viewer, by: { nickname: request.params.nickname } }),
  );
}
