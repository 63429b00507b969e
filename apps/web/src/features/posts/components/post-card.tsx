import type { Post } from '@burti/shared';
import { Flag, Heart, ImageIcon, MessageCircle, MoreHorizontal, Pencil, Repeat2, Trash2 } from 'lucide-react';
import { useRef, useState, type ComponentProps, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClubBadge } from '../../../components/club/club-badge';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { UserAvatar } from '../../../components/ui/avatar';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { fullDate, timeAgo } from '../../../lib/time-ago';
import { useMe } from '../../auth/api/get-me';
import { useDeletePost } from '../api/delete-post';
import { useLikePost } from '../api/like-post';
import { useReportPost } from '../api/report-post';
import { useSharePost } from '../api/share-post';
import { PostComposerDialog } from './post-composer';

/** An icon + count button of the action row, with a 44px touch target. */
function ActionButton({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 text-sm tabular-nums text-muted-foreground',
        'transition-colors duration-(--duration-fast) hover:bg-muted hover:text-foreground',
        'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        '[&_svg]:size-5 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A post in a list or on its own page: author, club, time, menu, text, media and the like / comment / share
 * row. Likes and shares change at once everywhere the post is shown.
 */
export function PostCard({ post, onDeleted }: { post: Post; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const isAuthor = me?.id === post.author.id;
  const like = useLikePost(post);
  const share = useSharePost(post);
  const report = useReportPost();
  const remove = useDeletePost();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const menuTrigger = useRef<HTMLButtonElement>(null);
  const profile = `/u/${encodeURIComponent(post.author.id)}`;
  const returnFocus = (event: Event) => {
    event.preventDefault();
    menuTrigger.current?.focus();
  };

  function onReport() {
    report.mutate(post.id, {
      onSuccess: () => toast.success(t('post.reported'), { description: t('post.reportedMessage') }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) toast.info(error.message);
        else toast.error(t('app.error'), { description: error.message });
      },
    });
  }

  function onConfirmDelete(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault(); // stay open, showing 'Deleting...', until the server answers
    remove.mutate(post.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(t('post.deleted'), { description: t('post.deletedMessage') });
        onDeleted?.();
      },
      onError: (error) =>
        toast.error(t('app.error'), {
          description: error instanceof ApiError ? error.message : t('post.deleteFailed'),
        }),
    });
  }

  return (
    <article className="border-b border-border bg-card px-4 pb-1 pt-3">
      {post.sharedBy && (
        <p className="mb-1.5 flex items-center gap-1.5 pl-8 text-xs font-medium text-muted-foreground">
          <Repeat2 aria-hidden="true" className="size-3.5" />
          <Link to={`/u/${encodeURIComponent(post.sharedBy.id)}`} className="hover:underline">
            {t('post.sharedBy', { nickname: post.sharedBy.nickname })}
          </Link>
        </p>
      )}
      <div className="flex items-start gap-3">
        <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <UserAvatar src={post.author.avatarUrl} name={post.author.nickname} />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-1.5">
            <Link
              to={profile}
              className="min-w-0 truncate rounded-sm font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {post.author.nickname}
            </Link>
            <ClubBadge name={post.club.name} size="sm" />
          </div>
          <p className="text-xs text-muted-foreground">
            <time dateTime={post.createdAt} title={fullDate(post.createdAt)}>
              {timeAgo(post.createdAt)}
            </time>
            {post.editedAt && (
              <>
                <span aria-hidden="true"> · </span>
                <span title={fullDate(post.editedAt)}>{t('post.edited')}</span>
              </>
            )}
          </p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <button
              ref={menuTrigger}
              type="button"
              aria-label={t('post.options')}
              className="-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <MoreHorizontal aria-hidden="true" className="size-5" />
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {isAuthor ? (
              <>
                <DropdownMenuItem onSelect={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  {t('post.edit')}
                </DropdownMenuItem>
                <DropdownMenuItem variant="destructive" onSelect={() => setConfirmingDelete(true)}>
                  <Trash2 aria-hidden="true" />
                  {t('post.delete')}
                </DropdownMenuItem>
              </>
            ) : (
              <DropdownMenuItem onSelect={onReport} disabled={report.isPending}>
                <Flag aria-hidden="true" />
                {t('post.report')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      {post.text && <p className="mt-2 whitespace-pre-wrap text-[15px] leading-relaxed wrap-anywhere">{post.text}</p>}
      {post.media ? (
        <div className="mt-3 overflow-hidden rounded-lg border border-border bg-muted">
          {post.media.type === 'photo' ? (
            <img
              src={post.media.url}
              alt={t('post.photoAlt', { nickname: post.author.nickname })}
              loading="lazy"
              decoding="async"
              className="max-h-[32rem] w-full object-contain"
            />
          ) : (
            // Fans' own uploads come without caption tracks.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <video
              src={post.media.url}
              // The poster frame is extracted by the server; with it, nothing of the video loads before play.
              poster={post.media.posterUrl ?? undefined}
              controls
              preload={post.media.posterUrl ? 'none' : 'metadata'}
              playsInline
              aria-label={t('post.videoLabel', { nickname: post.author.nickname })}
              className="max-h-[32rem] w-full bg-black"
            />
          )}
        </div>
      ) : (
        post.mediaUrls.length > 0 && (
          <div className="mt-3 flex items-center gap-2 rounded-lg border border-dashed border-border bg-muted px-4 py-6 text-sm text-muted-foreground">
            <ImageIcon aria-hidden="true" className="size-5" />
            {t('post.mediaPlaceholder', { count: post.mediaUrls.length })}
          </div>
        )
      )}

      <div className="-ml-3 mt-1 flex items-center gap-1 sm:gap-4">
        <ActionButton
          aria-label={post.viewerHasLiked ? t('post.unlike') : t('post.like')}
          aria-pressed={post.viewerHasLiked}
          onClick={like.toggle}
          className={cn(post.viewerHasLiked && 'text-brand hover:text-brand')}
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
          className={cn(post.viewerHasShared && 'text-success hover:text-success')}
        >
          <Repeat2 aria-hidden="true" />
          <span>{post.sharesCount}</span>
        </ActionButton>
      </div>

      {isAuthor && (
        <>
          <PostComposerDialog open={editing} onOpenChange={setEditing} post={post} onCloseAutoFocus={returnFocus} />
          <AlertDialog open={confirmingDelete} onOpenChange={(open) => !remove.isPending && setConfirmingDelete(open)}>
            <AlertDialogContent onCloseAutoFocus={returnFocus}>
              <AlertDialogHeader>
                <AlertDialogTitle>{t('post.deleteTitle')}</AlertDialogTitle>
                <AlertDialogDescription>{t('post.deleteText')}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={remove.isPending}>{t('app.cancel')}</AlertDialogCancel>
                <AlertDialogAction variant="destructive" onClick={onConfirmDelete} disabled={remove.isPending}>
                  {remove.isPending ? t('post.deleting') : t('post.deleteConfirm')}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </>
      )}
    </article>
  );
}

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
