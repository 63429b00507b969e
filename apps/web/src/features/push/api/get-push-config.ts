import { call, endpoint } from '../../../lib/api';

const getPushConfigCall = endpoint('getPushConfig', 'GET', '/api/push/config');

/** The VAPID public key to subscribe with, null when the server has no Web Push. */
export const getPushConfig = () => call(getPushConfigCall, {});
