import { api } from '../../../lib/api';

/** Forgets this browser's subscription (only the fan's own). */
export const deleteWebSubscription = (endpoint: string) =>
  api<void>('DELETE', '/api/push/web-subscription', { endpoint });
