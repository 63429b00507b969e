// Media kinds and accepted types, kept apart from the zod schemas so that the web app can use them without
// loading zod on its first screen.
export const MEDIA_TYPES = ['photo', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/** Accepted by content (magic bytes), not by name: photos are re-encoded, videos stored as sent. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** Width of the copy of a photo that feeds show (a phone's column at 2× density); the full photo stays at most 2048. */
export const PHOTO_FEED_WIDTH = 720;
