import type { Comment } from '@burti/shared';
import { ChevronDown, Flag, Heart, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthorLine } from '../../../components/author/author-line';
import { RelativeTime } from '../../../components/author/relative-time';
import { ConfirmationDialog } from '../../../components/dialogs/confirmation-dialog';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useMe } from '../../auth/api/get-me';
import { useDeleteComment, useEditComment, useLikeComment } from '../api/change-comment';
import { useCreateComment } from '../api/create-comment';
import { useReplies } from '../api/get-replies';
import { useReportComment } from '../api/report-comment';
import { CommentForm } from './comment-form';
import { RichText } from '../../../components/rich-text/rich-text';

export type CommentItemProps = {
  comment: Comment;
  /** Called with the post's new comment count after a reply or a delete. */
  onCommentAdded: (commentsCount: number) => void;
  /** The root comment a reply belongs to; replies to a reply land in that root's thread. */
  root?: Comment;
  /** Opens the root's replies (a reply posted from the root's box shows up in its thread). */
  onReplied?: () => void;
};

/**
 * One comment: author, time, body, Like, Reply, the menu (Edit and Delete for its author, Report for others), and
 * for a root comment its replies on demand. A deleted comment kept for its replies shows only that it was deleted.
 */
export function CommentItem({ comment, onCommentAdded, root, onReplied }: CommentItemProps) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [replying, setReplying] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const create = useCreateComment(comment.postId);
  const report = useReportComment();
  const edit = useEditComment();
  const remove = useDeleteComment();
  const like = useLikeComment();
  const isMine = me?.id === comment.author.id;
  const repliesId = useId();
  const isRoot = root === undefined;

  function onReply(body: string, clear: () => void) {
    create.mutate(
      { body, parentCommentId: root?.id ?? comment.id },
      {
        onSuccess: ({ commentsCount }) => {
          clear();
          setReplying(false);
          if (isRoot) setExpanded(true);
          else onReplied?.();
          onCommentAdded(commentsCount);
          toast.success(t('comments.replyAdded'), { description: t('comments.replyAddedMessage') });
        },
        onError: (error) => toast.error(t('app.error'), { description: error.message }),
      },
    );
  }

  function onReport() {
    report.mutate(comment.id, {
      onSuccess: () => toast.success(t('comments.reported'), { description: t('comments.reportedMessage') }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) toast.info(error.message);
        else toast.error(t('app.error'), { description: error.message });
      },
    });
  }

  function onSaveEdit(body: string) {
    edit.mutate(
      { commentId: comment.id, body },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(t('comments.updated'));
        },
        onError: (error) => toast.error(t('app.error'), { description: error.message }),
      },
    );
  }

  function onConfirmDelete() {
    remove.mutate(comment, {
      onSuccess: ({ commentsCount }) => {
        setConfirmingDelete(false);
        onCommentAdded(commentsCount);
        toast.success(t('comments.deleted'));
      },
      onError: (error) => {
        setConfirmingDelete(false);
        toast.error(t('app.error'), { description: error.message });
      },
    });
  }

  return (
    <li className="flex gap-3 py-3">
      <AuthorLine
        author={comment.author}
        size="sm"
        beside={
          <>
            <RelativeTime date={comment.createdAt} className="shrink-0 text-xs text-muted-foreground" />
            {comment.editedAt && !comment.deleted && (
              <span className="shrink-0 text-xs text-muted-foreground">· {t('comments.edited')}</span>
            )}
            {me && isMine && !comment.deleted && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <button
                    type="button"
                    aria-label={t('comments.options')}
                    className="-my-2 ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <MoreHorizontal aria-hidden="true" className="size-4" />
                  </button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem onSelect={() => setEditing(true)}>
                    <Pencil aria-hidden="true" />
                    {t('comments.edit')}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setConfirmingDelete(true)} className="text-danger">
                    <Trash2 aria-hidden="true" />
                    {t('comments.delete')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            {me && !isMine && !comment.deleted && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <button
                    type="button"
                    aria-label={t('comments.options')}
                    className="-my-2 ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <MoreHorizontal aria-hidden="true" className="size-4" />
                  </button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem onSelect={onReport} disabled={report.isPending}>
                    <Flag aria-hidden="true" />
                    {t('comments.report')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
          </>
        }
      >
        {comment.deleted ? (
          <p className="text-[15px] italic text-muted-foreground">{t('comments.deletedText')}</p>
        ) : editing ? (
          <div className="mt-1">
            <CommentForm
              placeholder={t('comments.editLabel')}
              label={t('comments.editLabel')}
              submitLabel={t('comments.save')}
              pendingLabel={t('comments.saving')}
              isPending={edit.isPending}
              initialValue={comment.body}
              onSubmit={(body) => onSaveEdit(body)}
              onCancel={() => setEditing(false)}
              focusOnMount
            />
          </div>
        ) : (
          <RichText text={comment.body} mentions={comment.mentions} className="text-[15px] leading-snug" />
        )}
        <div className="-ml-3 flex flex-wrap items-center">
          {!comment.deleted && (
            <Button
              variant="ghost"
              size="sm"
              className={cn(
                'min-h-11 tabular-nums',
                comment.liked ? 'text-brand hover:text-brand' : 'text-muted-foreground',
              )}
              aria-label={t('comments.like')}
              aria-pressed={comment.liked}
              disabled={!me}
              onClick={() => like.mutate({ comment, liked: !comment.liked })}
            >
              <Heart aria-hidden="true" className={cn(comment.liked && 'fill-current')} />
              <span aria-hidden={comment.likesCount === 0 || undefined}>{comment.likesCount}</span>
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="min-h-11 text-muted-foreground"
            aria-expanded={replying}
            onClick={() => setReplying((open) => !open)}
          >
            {t('comments.reply')}
          </Button>
          {isRoot && comment.replyCount > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="min-h-11 font-semibold text-brand hover:text-brand"
              aria-expanded={expanded}
              aria-controls={repliesId}
              onClick={() => setExpanded((open) => !open)}
            >
              {t('comments.replies', { count: comment.replyCount })}
              <ChevronDown aria-hidden="true" className={cn('transition-transform', expanded && 'rotate-180')} />
            </Button>
          )}
        </div>
        {replying && (
          <div className="mt-1">
            <CommentForm
              placeholder={t('comments.replyTo', { nickname: comment.author.nickname })}
              label={t('comments.replyTo', { nickname: comment.author.nickname })}
              submitLabel={t('comments.reply')}
              isPending={create.isPending}
              onSubmit={onReply}
              onCancel={() => setReplying(false)}
              focusOnMount
            />
          </div>
        )}
        {isRoot && expanded && (
          <Replies id={repliesId} root={comment} onCommentAdded={onCommentAdded} onReplied={() => setExpanded(true)} />
        )}
        <ConfirmationDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={t('comments.deleteTitle')}
          description={t('comments.deleteText')}
          confirmLabel={t('comments.deleteConfirm')}
          pendingLabel={t('comments.deleting')}
          isPending={remove.isPending}
          onConfirm={onConfirmDelete}
          variant="destructive"
        />
      </AuthorLine>
    </li>
  );
}

/** A root comment's replies, one level in, 20 a page. */
function Replies({
  id,
  root,
  onCommentAdded,
  onReplied,
}: {
  id: string;
  root: Comment;
  onCommentAdded: (commentsCount: number) => void;
  onReplied: () => void;
}) {
  const { t } = useTranslation();
  const query = useReplies(root.id, true);
  const { data, error, errorUpdatedAt, isPending, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;

  useEffect(() => {
    if (error) toast.error(t('comments.repliesFailed'), { description: error.message });
  }, [error, errorUpdatedAt, t]);

  return (
    <div id={id} className="border-l-2 border-border pl-3">
      {isPending && <p className="py-2 text-sm text-muted-foreground">{t('comments.loadingReplies')}</p>}
      {!data && error && (
        <Button variant="link" size="sm" className="px-0" onClick={() => void refetch()}>
          {t('app.retry')}
        </Button>
      )}
      {data && (
        <ul aria-label={t('comments.replies', { count: root.replyCount })}>
          {data.pages
            .flatMap((page) => page.comments)
            .map((reply) => (
              <CommentItem
                key={reply.id}
                comment={reply}
                root={root}
                onCommentAdded={onCommentAdded}
                onReplied={onReplied}
              />
            ))}
        </ul>
      )}
      {hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="min-h-11 -ml-3"
          onClick={() => void fetchNextPage()}
          isLoading={isFetchingNextPage}
        >
          {isFetchingNextPage ? t('app.loading') : t('comments.loadMoreReplies')}
        </Button>
      )}
    </div>
  );
}
