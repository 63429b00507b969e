import {
  ADMIN_PAGE_SIZE,
  AVATAR_MAX_BYTES,
  MEDIA_MAX_BYTES,
  PHOTO_MIME_TYPES,
  POST_TEXT_MAX,
  VIDEO_MIME_TYPES,
  type AdminSettings,
} from '@burti/shared';
import { AUTH_RATE_RULES } from '../../lib/auth.js';
import { USER_LIMITS } from '../../plugins/rate-limit.js';

export const USER_LIMIT_TABLE: AdminSettings['userLimits'] = Object.entries(USER_LIMITS).map(([action, max]) => ({
  action: action as keyof typeof USER_LIMITS,
  max,
  windowSeconds: 60,
}));

export const AUTH_LIMITS: AdminSettings['authLimits'] = [
  ...Object.entries(AUTH_RATE_RULES).map(([endpoint, rule]) => ({
    endpoint,
    max: rule.max,
    windowSeconds: rule.window,
  })),
  { endpoint: '*', max: 120, windowSeconds: 60 },
];

/** The configuration in force. */
export function readSettings({
  rateLimitsEnabled,
  pushChannels,
}: {
  rateLimitsEnabled: boolean;
  pushChannels: AdminSettings['pushChannels'];
}): AdminSettings {
  return {
    rateLimitsEnabled,
    userLimits: USER_LIMIT_TABLE,
    authLimits: AUTH_LIMITS,
    pushChannels,
    media: {
      maxBytes: MEDIA_MAX_BYTES,
      avatarMaxBytes: AVATAR_MAX_BYTES,
      photoTypes: [...PHOTO_MIME_TYPES],
      videoTypes: [...VIDEO_MIME_TYPES],
      postTextMax: POST_TEXT_MAX,
    },
    adminPageSize: ADMIN_PAGE_SIZE,
  };
}
