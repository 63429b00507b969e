import type { Post } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { photoSources } from '../lib/photo';

type Media = NonNullable<Post['media']> & {
  /** A still of the video's first moments, where the server made one. */
  posterUrl?: string | null;
};

/**
 * A post's photo or video. Photos carry their size, so the card reserves the right height before the bytes
 * arrive (nothing jumps while a feed loads), and offer the feed-size copy beside the full one so that a phone
 * downloads what it shows. Videos load nothing until played, showing their poster meanwhile.
 */
export function PostMedia({
  media,
  nickname,
  priority = false,
}: {
  media: Media;
  nickname: string;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const hasSize = media.width != null && media.height != null && media.width > 0 && media.height > 0;
  return (
    <div className="mt-3 overflow-hidden rounded-lg border border-border bg-muted">
      {media.type === 'photo' ? (
        <img
          {...photoSources(media)}
          width={hasSize ? media.width! : undefined}
          height={hasSize ? media.height! : undefined}
          alt={t('post.photoAlt', { nickname })}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          style={hasSize ? { aspectRatio: `${media.width} / ${media.height}` } : undefined}
          className="mx-auto h-auto max-h-[32rem] w-full object-contain"
        />
      ) : (
        // Fans' own uploads come without caption tracks.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          src={media.url}
          poster={media.posterUrl ?? undefined}
          controls
          preload="none"
          playsInline
          aria-label={t('post.videoLabel', { nickname })}
          className="aspect-video max-h-[32rem] w-full bg-black"
        />
      )}
    </div>
  );
}
