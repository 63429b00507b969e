import {
  MEDIA_MAX_BYTES,
  PHOTO_MIME_TYPES,
  POST_TEXT_AMBER_ABOVE,
  POST_TEXT_RED_ABOVE,
  VIDEO_MIME_TYPES,
} from '@burti/shared';

export type MediaKind = 'photo' | 'video';

export const ACCEPT: Record<MediaKind, string> = {
  photo: PHOTO_MIME_TYPES.join(','),
  video: VIDEO_MIME_TYPES.join(','),
};

const TYPES: Record<MediaKind, readonly string[]> = {
  // Some systems still label JPEG files image/jpg.
  photo: [...PHOTO_MIME_TYPES, 'image/jpg'],
  video: VIDEO_MIME_TYPES,
};

export type MediaProblem = 'tooLarge' | 'invalidType';

/** The client's checks before upload (the server checks the bytes again): at most 10 MB, of the picked kind. */
export function checkMediaFile(file: Pick<File, 'size' | 'type'>, kind: MediaKind): MediaProblem | null {
  if (file.size > MEDIA_MAX_BYTES) return 'tooLarge';
  if (!TYPES[kind].includes(file.type.toLowerCase())) return 'invalidType';
  return null;
}

export type CounterTone = 'normal' | 'warning' | 'danger';

/** Counter colour: amber above 350 characters, red above 450. */
export function counterTone(length: number): CounterTone {
  if (length > POST_TEXT_RED_ABOVE) return 'danger';
  if (length > POST_TEXT_AMBER_ABOVE) return 'warning';
  return 'normal';
}
