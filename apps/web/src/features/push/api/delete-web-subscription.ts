import { call, endpoint } from '../../../lib/api';

const deleteWebPushSubscription = endpoint('deleteWebPushSubscription', 'DELETE', '/api/push/web-subscription');

/** Forgets this browser's subscription (only the fan's own). */
export const deleteWebSubscription = (endpoint: string) => call(deleteWebPushSubscription, { body: { endpoint } });
