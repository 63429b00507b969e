import { FileQuestion, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { toast } from '../../components/ui/toaster';
import { VisuallyHidden } from '../../components/ui/visually-hidden';
import { CommentThread } from '../../features/comments/components/comment-thread';
import { usePost } from '../../features/posts/api/get-post';
import { updatePostInCaches } from '../../features/posts/api/post-keys';
import { PostCard, PostCardSkeleton } from '../../features/posts/components/post-card';
import { ApiError } from '../../lib/api';

export function PostDetailRoute() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: post, error, errorUpdatedAt, refetch } = usePost(postId);
  const status = error instanceof ApiError ? error.status : undefined;
  const gone = status === 410;
  const notFound = status === 404 || status === 400;

  useEffect(() => {
    if (error && !gone && !notFound) toast.error(t('post.loadFailed'), { description: error.message });
  }, [error, errorUpdatedAt, gone, notFound, t]);

  const backToFeed = (
    <Button asChild>
      <Link to="/feed">{t('profile.backToFeed')}</Link>
    </Button>
  );

  let body;
  if (post) {
    body = (
      <>
        <PostCard post={post} onDeleted={() => void navigate('/feed', { replace: true })} />
        <CommentThread
          postId={post.id}
          commentsCount={post.commentsCount}
          onCommentAdded={(commentsCount) => updatePostInCaches(queryClient, post.id, (p) => ({ ...p, commentsCount }))}
        />
      </>
    );
  } else if (gone) {
    body = (
      <EmptyState
        icon={Trash2}
        title={t('post.deletedTitle')}
        message={
          error instanceof ApiError && error.code === 'POST_REMOVED_BY_MODERATOR'
            ? t('safety.removedByModerator')
            : t('post.deletedByAuthor')
        }
        action={backToFeed}
      />
    );
  } else if (notFound) {
    body = (
      <EmptyState
        icon={FileQuestion}
        title={t('post.notFoundTitle')}
        message={t('post.notFoundMessage')}
        action={backToFeed}
      />
    );
  } else if (error) {
    body = (
      <EmptyState
        icon={FileQuestion}
        title={t('post.loadFailed')}
        message={error.message}
        action={
          <>
            <Button onClick={() => void refetch()}>{t('app.retry')}</Button>
            <Button variant="outline" asChild>
              <Link to="/feed">{t('profile.backToFeed')}</Link>
            </Button>
          </>
        }
      />
    );
  } else {
    body = (
      <div aria-busy="true">
        <VisuallyHidden>{t('post.loadingPost')}</VisuallyHidden>
        <PostCardSkeleton />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('post.detailTitle')} back={true} />
      {body}
    </>
  );
}
