import {
  nicknameParams,
  setClubInput,
  updateProfileInput,
  userIdParams,
  type MeResponse,
  type PublicProfileResponse,
} from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import { requireActiveViewer, requireViewer } from '../../plugins/auth.js';
import { readingMultipart } from '../../plugins/input-guard.js';
import { perUser, USER_LIMITS } from '../../plugins/rate-limit.js';
import { getMe, getPublicProfile, setAvatar, setPrimaryClub, updateProfile } from './profiles.service.js';

export function profilesRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }): void {
  app.post('/api/me/avatar', perUser(app, USER_LIMITS.avatars), async (request): Promise<MeResponse> => {
    const viewer = await requireActiveViewer(request);
    const data = await readingMultipart(async () => {
      const file = request.isMultipart() ? await request.file() : undefined;
      return file?.toBuffer();
    });
    if (!data) throw new AppError('VALIDATION', 'Please select an image file');
    return { me: await setAvatar({ db, viewer, storage, file: data, log: request.log }) };
  });

  app.get('/api/me', async (request): Promise<MeResponse> => {
    const viewer = await requireViewer(request);
    return { me: await getMe({ db, viewer }) };
  });

  app.patch('/api/me/profile', async (request): Promise<MeResponse> => {
    const viewer = await requireViewer(request);
    const input = updateProfileInput.parse(request.body ?? {});
    return { me: await updateProfile({ db, viewer, input }) };
  });

  app.put('/api/me/club', async (request): Promise<MeResponse> => {
    const viewer = await requireViewer(request);
    const input = setClubInput.parse(request.body ?? {});
    return { me: await setPrimaryClub({ db, viewer, input }) };
  });

  app.get('/api/users/:userId', async (request): Promise<PublicProfileResponse> => {
    const viewer = await requireViewer(request);
    const { userId } = userIdParams.parse(request.params);
    return getPublicProfile({ db, viewer, by: { id: userId } });
  });

  app.get('/api/users/by-nickname/:nickname', async (request): Promise<PublicProfileResponse> => {
    const viewer = await requireViewer(request);
    const { nickname } = nicknameParams.parse(request.params);
    return getPublicProfile({ db, viewer, by: { nickname } });
  });
}
