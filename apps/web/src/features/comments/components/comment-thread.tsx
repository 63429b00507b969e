import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/ui/toaster';
import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/get-comments';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

export type CommentThreadProps = {
  postId: string;
  commentsCount: number;
  /** Called with the post's new comment count after a comment or reply, so every copy of the post can follow. */
  onCommentAdded: (commentsCount: number) => void;
};

/** 'Comments (n)', the comment box, and the root comments (oldest first) with their replies. */
export function CommentThread({ postId, commentsCount, onCommentAdded }: CommentThreadProps) {
  const { t } = useTranslation();
  const query = useComments(postId);
  const create = useCreateComment(postId);
  const { data, error, errorUpdatedAt, isPending, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;

  useEffect(() => {
    if (error) toast.error(t('comments.loadFailed'), { description: error.message });
  }, [error, errorUpdatedAt, t]);

  function onComment(body: string, clear: () => void) {
    create.mutate(
      { body, parentCommentId: null },
      {
        onSuccess: ({ commentsCount: count }) => {
          clear();
          onCommentAdded(count);
          toast.success(t('comments.added'), { description: t('comments.addedMessage') });
        },
        onError: (err) => toast.error(t('app.error'), { description: err.message }),
      },
    );
  }

  const comments = data?.pages.flatMap((page) => page.comments) ?? [];
  // The post counts every comment; the thread leaves out those of fans blocked one way or the other.
  const visibleCount = Math.max(0, commentsCount - (data?.pages[0]?.hiddenCount ?? 0));
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-3 bg-card px-4 py-4">
      <h2 id="comments-heading" className="text-base font-semibold">
        {t('comments.title', { count: visibleCount })}
      </h2>
      <CommentForm
        placeholder={t('comments.add')}
        label={t('comments.addLabel')}
        submitLabel={t('comments.comment')}
        isPending={create.isPending}
        onSubmit={onComment}
      />
      {isPending ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          {t('comments.loading')}
        </p>
      ) : !data ? (
        <EmptyState
          icon={AlertTriangle}
          title={t('comments.loadFailed')}
          action={<Button onClick={() => void refetch()}>{t('app.retry')}</Button>}
        />
      ) : comments.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('comments.empty')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} onCommentAdded={onCommentAdded} />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void fetchNextPage()} isLoading={isFetchingNextPage}>
            {isFetchingNextPage ? t('app.loading') : t('comments.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
