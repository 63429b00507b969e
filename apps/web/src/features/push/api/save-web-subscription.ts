import { api } from '../../../lib/api';

/** Stores this browser's push subscription for the signed-in fan (the server upserts on the endpoint). */
export const saveWebSubscription = (subscription: PushSubscriptionJSON) =>
  api<void>('PUT', '/api/push/web-subscription', subscription);
