import type { Post } from '@burti/shared';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/ui/toaster';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api';
import type { PostPages } from '../api/post-keys';
import { PostCard, PostCardSkeleton } from './post-card';

export type PostListProps = {
  query: UseInfiniteQueryResult<PostPages>;
  /** Shown when the list has no post at all. */
  empty: ReactNode;
  /** Shown under the last page when at least one post is listed. */
  endMessage?: ReactNode;
  /** The pager's label ('Load more', or the club feed's 'Load More'). */
  loadMoreLabel?: string;
  /** Toast title and error-state title when a page fails to load. */
  errorTitle: string;
};

/** A paged list of post cards: three skeletons while loading, empty and error states, and a Load more button. */
export function PostList({ query, empty, endMessage, loadMoreLabel, errorTitle }: PostListProps) {
  const { t } = useTranslation();
  const { data, error, errorUpdatedAt, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    query;

  useEffect(() => {
    if (!error) return;
    toast.error(errorTitle, { description: error instanceof ApiError ? error.message : undefined });
  }, [error, errorUpdatedAt, errorTitle]);

  if (isPending) {
    return (
      <div aria-busy="true">
        <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }
  if (isError && !data) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title={errorTitle}
        message={error instanceof ApiError ? error.message : undefined}
        action={<Button onClick={() => void refetch()}>{t('app.retry')}</Button>}
      />
    );
  }

  // A profile can list a post twice (written and shared): the key tells the copies apart.
  const items = new Map<string, Post>();
  for (const post of data.pages.flatMap((page) => page.posts)) {
    const key = `${post.id}:${post.sharedBy?.id ?? ''}`;
    if (!items.has(key)) items.set(key, post);
  }

  if (items.size === 0) return <>{empty}</>;
  return (
    <div>
      {[...items].map(([key, post]) => (
        <PostCard key={key} post={post} />
      ))}
      {hasNextPage ? (
        <div className="flex justify-center p-4">
          <Button variant="outline" onClick={() => void fetchNextPage()} isLoading={isFetchingNextPage}>
            {isFetchingNextPage ? t('app.loading') : (loadMoreLabel ?? t('app.loadMore'))}
          </Button>
        </div>
      ) : (
        endMessage && <p className="px-4 py-8 text-center text-sm text-muted-foreground">{endMessage}</p>
      )}
    </div>
  );
}
