import { PHOTO_FEED_WIDTH, type Post } from '@burti/shared';

type Media = NonNullable<Post['media']>;

/** Room a photo takes in a card: the card's width on phones, the column's on wider screens. */
const PHOTO_SIZES = '(min-width: 768px) 640px, calc(100vw - 2rem)';

/** The cards at the top of a list that a phone shows first: the largest paint is likely a photo of theirs. */
const LEADING_CARDS = 2;

/**
 * The list's leading photo: the first photo among its first cards, or -1. It alone loads at once with high
 * priority; a second one would share a slow link with it, and the rest load lazily as they near the screen.
 */
export function leadingPhotoIndex(posts: readonly Post[]): number {
  return posts.slice(0, LEADING_CARDS).findIndex((post) => post.media?.type === 'photo');
}

/** Where a photo's bytes come from: the feed-size copy beside the full one, so a phone downloads what it shows. */
export function photoSources(media: Media): { src: string; srcSet?: string; sizes?: string } {
  if (!media.feedUrl) return { src: media.url };
  return {
    src: media.feedUrl,
    srcSet: media.width ? `${media.feedUrl} ${PHOTO_FEED_WIDTH}w, ${media.url} ${media.width}w` : undefined,
    sizes: PHOTO_SIZES,
  };
}

/**
 * Asks for a list's leading photo now, before the list's code has rendered it: the card's `<img>` then finds it
 * loading or loaded. The same sources and sizes make the browser pick the same file.
 */
export function preloadLeadingPhoto(posts: readonly Post[]): void {
  const media = posts[leadingPhotoIndex(posts)]?.media;
  if (!media) return;
  const { src, srcSet, sizes } = photoSources(media);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  if (srcSet) link.imageSrcset = srcSet;
  if (sizes) link.imageSizes = sizes;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
