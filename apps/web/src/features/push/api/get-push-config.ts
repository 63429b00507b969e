import { apiGet } from '../../../lib/api';

/** GET /api/push/config: the VAPID public key to subscribe with, null when the server has no Web Push. */
export type PushConfigResponse = { webPushPublicKey: string | null };

export const getPushConfig = () => apiGet<PushConfigResponse>('/api/push/config');
