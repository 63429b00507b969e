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
import { requireViewer } from '../../plugins/auth.js';
import { getMe, getPublicProfile, setPrimaryClub, updateProfile } from './profiles.service.js';

export function profilesRoutes(app: FastifyInstance, { db }: { db: Db }): void {
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
    await requireViewer(request);
    const { userId } = userIdParams.parse(request.params);
    return { profile: await getPublicProfile({ db, by: { id: userId } }) };
  });

  app.get('/api/users/by-nickname/:nickname', async (request): Promise<PublicProfileResponse> => {
    await requireViewer(request);
    const { nickname } = nicknameParams.parse(request.params);
    return { profile: await getPublicProfile({ db, by: { nickname } }) };
  });
}
