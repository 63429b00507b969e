import type { Post } from '@burti/shared';
import { Heart, ImageIcon, MessageCircle, MoreHorizontal, Repeat2 } from 'lucide-react';
import { lazy, memo, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClubBadge } from '../../../components/club/club-badge';
import { AuthorLine, profilePath } from '../../../components/author/author-line';
import { RelativeTime } from '../../../components/author/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClubName } from '../../../lib/club-name';
import { cn } from '../../../lib/cn';
import { fullDate } from '../../../lib/time-ago';
import { useMe } from '../../auth/api/get-me';
import { useLikePost } from '../api/like-post';
import { useSharePost } from '../api/share-post';
import { RichText } from '../../../components/rich-text/rich-text';
import { PostMedia } from './post-media';
import { ActionButton } from '../../../components/ui/action-button';
import { MatchChip } from '../../../components/match/match-chip';
import { useHoldsMatch, useShownPost } from '../../../lib/spoiler-holds';

// The options menu (Radix menu, dialogs, the composer for edits) loads when a fan reaches for it: fetched on hover
// or focus, shown on press. Until then a look-alike button stands in, so a feed paints and settles without it.
const loadOptions = () => import('./post-options');
const PostOptions = lazy(() => loadOptions().then((m) => ({ default: m.PostOptions })));
const OPTIONS_TRIGGER_CLASS =
  '-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

function PostOptionsSlot({ post, isAuthor, onDeleted }: { post: Post; isAuthor: boolean; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [isWanted, setWanted] = useState(false);
  const standIn = (
    <button
      type="button"
      aria-label={t('post.options')}
      aria-haspopup="menu"
      className={OPTIONS_TRIGGER_CLASS}
      onPointerEnter={() => void loadOptions()}
      onFocus={() => void loadOptions()}
      onClick={() => setWanted(true)}
    >
      <MoreHorizontal aria-hidden="true" className="size-5" />
    </button>
  );
  if (!isWanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <PostOptions post={post} isAuthor={isAuthor} onDeleted={onDeleted} defaultOpen />
    </Suspense>
  );
}

/**
 * A post about a match the fan holds in spoiler mode, folded behind "Show" (decision 022). Once shown it stays
 * shown: the choice is kept by post id outside the card, which a long feed drops when it scrolls out of the window.
 */
function SpoilerFold({ postId, children }: { postId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [isShown, show] = useShownPost(postId);
  if (isShown) return <>{children}</>;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-3 rounded-lg border border-dashed border-border bg-muted px-3 text-sm text-muted-foreground">
      <span className="py-2">{t('matches.spoiler.postHidden')}</span>
      <button
        type="button"
        onClick={show}
        className="min-h-11 font-semibold text-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {t('matches.spoiler.showPost')}
      </button>
    </p>
  );
}

/**
 * A post in a list or on its own page: author, club, time, menu, text, media and the like / comment / share
 * row. Likes and shares change at once everywhere the post is shown.
 */
export type PostCardProps = {
  post: Post;
  onDeleted?: () => void;
  /** The card holding its list's leading photo: the photo loads at once, as it is likely the largest paint. */
  priority?: boolean;
  /** Place in a feed (1-based) and the feed's length (-1 while more can load), for screen readers. */
  position?: { index: number; setSize: number };
  /** Fold the text and media of a post about a match the fan holds in spoiler mode (decision 025). */
  spoilerFold?: boolean;
};

export const PostCard = memo(function PostCard({
  post,
  onDeleted,
  priority = false,
  position,
  spoilerFold = true,
}: PostCardProps) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const { data: me } = useMe();
  const isAuthor = me?.id === post.author.id;
  const like = useLikePost(post);
  const share = useSharePost(post);
  const isHeld = useHoldsMatch(spoilerFold ? post.match?.id : undefined, Boolean(me));
  const body = (
    <>
      {post.text && <RichText text={post.text} mentions={post.mentions} className="mt-2 text-[15px] leading-relaxed" />}
      {post.media ? (
        <PostMedia media={post.media} nickname={post.author.nickname} priority={priority} />
      ) : (
        post.mediaUrls.length > 0 && (
          <div className="mt-3 flex items-center gap-2 rounded-lg border border-dashed border-border bg-muted px-4 py-6 text-sm text-muted-foreground">
            <ImageIcon aria-hidden="true" className="size-5" />
            {t('post.mediaPlaceholder', { count: post.mediaUrls.length })}
          </div>
        )
      )}
    </>
  );

  return (
    <article
      className="border-b border-border bg-card px-4 pb-1 pt-3"
      aria-posinset={position?.index}
      aria-setsize={position?.setSize}
    >
      {post.sharedBy && (
        <p className="mb-1.5 flex items-center gap-1.5 pl-8 text-xs font-medium text-muted-foreground">
          <Repeat2 aria-hidden="true" className="size-3.5" />
          <Link to={profilePath(post.sharedBy.id)} className="hover:underline">
            {t('post.sharedBy', { nickname: post.sharedBy.nickname })}
          </Link>
        </p>
      )}
      <div className="flex items-start gap-3">
        <AuthorLine
          author={post.author}
          beside={
            <Link
              to={`/club/${post.club.id}`}
              className="rounded-full focus-visible:outline-2 focus-visible:outline-ring"
            >
              <ClubBadge name={post.club.name} label={nameOf(post.club)} size="sm" />
            </Link>
          }
        >
          <p className="text-xs text-muted-foreground">
            <RelativeTime date={post.createdAt} />
            {post.editedAt && (
              <>
                <span aria-hidden="true"> · </span>
                <span title={fullDate(post.editedAt)}>{t('post.edited')}</span>
              </>
            )}
          </p>
        </AuthorLine>
        <PostOptionsSlot post={post} isAuthor={isAuthor} onDeleted={onDeleted} />
      </div>

      {isHeld ? <SpoilerFold postId={post.id}>{body}</SpoilerFold> : body}

      {post.match && <MatchChip match={post.match} />}

      <div className="-ml-3 mt-1 flex items-center gap-1 sm:gap-4">
        <ActionButton
          aria-label={post.viewerHasLiked ? t('post.unlike') : t('post.like')}
          aria-pressed={post.viewerHasLiked}
          onClick={like.toggle}
          tone={post.viewerHasLiked ? 'brand' : 'muted'}
        >
          <Heart aria-hidden="true" className={cn(post.viewerHasLiked && 'fill-current')} />
          <span>{post.likesCount}</span>
        </ActionButton>
        <Link
          to={`/post/${encodeURIComponent(post.id)}`}
          aria-label={t('post.comment')}
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 text-sm tabular-nums text-muted-foreground transition-colors duration-(--duration-fast) hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          <span>{post.commentsCount}</span>
        </Link>
        <ActionButton
          aria-label={t('post.share')}
          aria-pressed={post.viewerHasShared}
          onClick={share.toggle}
          tone={post.viewerHasShared ? 'success' : 'muted'}
        >
          <Repeat2 aria-hidden="true" />
          <span>{post.sharesCount}</span>
        </ActionButton>
      </div>
    </article>
  );
});

/** The shape of a card while its post loads. */
export function PostCardSkeleton() {
  return (
    <div className="border-b border-border bg-card px-4 py-3">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 shrink-0 rounded-full" />
        <div className="flex flex-1 flex-col gap-1.5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-16" />
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
      <div className="mt-3 flex gap-6">
        <Skeleton className="h-5 w-10" />
        <Skeleton className="h-5 w-10" />
        <Skeleton className="h-5 w-10" />
      </div>
    </div>
  );
}
