import { call, endpoint } from '../../../lib/api';

const saveWebPushSubscription = endpoint('saveWebPushSubscription', 'PUT', '/api/push/web-subscription');

/** Stores this browser's push subscription for the signed-in fan (the server upserts on the endpoint). */
export const saveWebSubscription = ({ endpoint = '', keys = {} }: PushSubscriptionJSON) =>
  call(saveWebPushSubscription, { body: { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } } });
