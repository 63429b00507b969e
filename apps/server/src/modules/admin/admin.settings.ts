import {
  ADMIN_PAGE_SIZE,
  AVATAR_MAX_BYTES,
  MEDIA_MAX_BYTES,
  PHOTO_MIME_TYPES,
  POST_TEXT_MAX,
  PUSH_CHANNELS,
  VIDEO_MIME_TYPES,
  type AdminSettings,
} from '@burti/shared';

/**
 * The per-user limits the routes declare with `perUser(app, max)` (modules/*\/*.routes.ts), per minute.
 * Mirrored here for display; admin.test.ts exercises a few of them so a change that forgets this table shows.
 */
export const USER_LIMITS: AdminSettings['userLimits'] = [
  { action: 'posts', max: 10, windowSeconds: 60 },
  { action: 'postEdits', max: 20, windowSeconds: 60 },
  { action: 'comments', max: 30, windowSeconds: 60 },
  { action: 'likes', max: 120, windowSeconds: 60 },
  { action: 'shares', max: 60, windowSeconds: 60 },
  { action: 'reports', max: 20, windowSeconds: 60 },
  { action: 'follows', max: 60, windowSeconds: 60 },
  { action: 'blocks', max: 30, windowSeconds: 60 },
  { action: 'avatars', max: 10, windowSeconds: 60 },
];

/** better-auth's limits per client address (lib/auth.ts `rateLimit`), see docs/decisions/005-rate-limits.md. */
export const AUTH_LIMITS: AdminSettings['authLimits'] = [
  { endpoint: '/sign-in/email', max: 10, windowSeconds: 60 },
  { endpoint: '/sign-up/email', max: 10, windowSeconds: 600 },
  { endpoint: '/send-verification-email', max: 3, windowSeconds: 600 },
  { endpoint: '/request-password-reset', max: 3, windowSeconds: 600 },
  { endpoint: '/reset-password', max: 10, windowSeconds: 600 },
  { endpoint: '*', max: 120, windowSeconds: 60 },
];

/** The configuration in force. No push channel has a sender configured yet. */
export function readSettings({ rateLimitsEnabled }: { rateLimitsEnabled: boolean }): AdminSettings {
  return {
    rateLimitsEnabled,
    userLimits: USER_LIMITS,
    authLimits: AUTH_LIMITS,
    pushChannels: PUSH_CHANNELS.map((channel) => ({ channel, configured: false })),
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
