import type { Post } from '@burti/shared';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/ui/toaster';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { ApiError } from '../../../lib/api';
import { whenIdle } from '../../../lib/idle';
import { useLazyWindowVirtualizer } from '../../../lib/use-lazy-window-virtualizer';
import type { PostPages } from '../api/post-keys';
import { leadingPhotoIndex } from '../lib/photo';
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
  /** Fold the posts about a match the fan holds in spoiler mode (off in that match's thread, folded as a whole). */
  spoilerFolds?: boolean;
};

/**
 * Cards kept in the page beyond the visible ones, above and below. Short lists are rendered whole; a feed of
 * several loaded pages keeps about this many cards on each side of the screen, however long it grows.
 */
export const OVERSCAN = 20;
/**
 * The first paint renders only what is on screen (each card more is render work and a photo competing with the
 * first one for a slow link); then, while the page is idle, a few more cards at a time (each step rendered in
 * slices), so that filling the overscan never blocks a tap.
 */
const FIRST_OVERSCAN = 0;
const OVERSCAN_STEP = 3;

/** A card's height before it is measured: its text lines and its photo's box at the column's width. */
function estimateHeight(post: Post, columnWidth: number): number {
  const textLines = post.text ? Math.min(12, Math.ceil(post.text.length / 45) + post.text.split('\n').length - 1) : 0;
  let media = 0;
  if (post.media) {
    const ratio =
      post.media.width && post.media.height
        ? post.media.height / post.media.width
        : post.media.type === 'video'
          ? 9 / 16
          : 3 / 4;
    media = 14 + Math.min(512, (columnWidth - 32) * ratio);
  }
  return 112 + textLines * 24 + media + (post.sharedBy ? 24 : 0);
}

/**
 * A paged list of post cards: three skeletons while loading, empty and error states, and a Load more button.
 * The cards are windowed (only those near the screen are in the page), so a feed stays smooth after many pages;
 * it is an ARIA feed whose cards tell screen readers their place and the feed's length.
 */
export function PostList({ query, empty, endMessage, loadMoreLabel, errorTitle, spoilerFolds = true }: PostListProps) {
  const { t } = useTranslation();
  const { data, error, errorUpdatedAt, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    query;

  useEffect(() => {
    if (!error) return;
    toast.error(errorTitle, { description: error instanceof ApiError ? error.message : undefined });
  }, [error, errorUpdatedAt, errorTitle]);

  // A profile can list a post twice (written and shared): the key tells the copies apart.
  const items = useMemo(() => {
    const unique = new Map<string, Post>();
    for (const post of data?.pages.flatMap((page) => page.posts) ?? []) {
      const key = `${post.id}:${post.sharedBy?.id ?? ''}`;
      if (!unique.has(key)) unique.set(key, post);
    }
    return [...unique];
  }, [data]);

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
  if (items.length === 0) return <>{empty}</>;
  return (
    <div>
      <WindowedCards
        items={items}
        hasMore={Boolean(hasNextPage)}
        isLoadingMore={isFetchingNextPage}
        spoilerFolds={spoilerFolds}
      />
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

/**
 * The cards, windowed once the virtualizer has arrived (lib/use-lazy-window-virtualizer). Before that the first
 * cards are drawn in the page's flow: those the screen shows, by their estimates, and more as the page is scrolled,
 * in a box as tall as the whole list's estimate so the pager stays below it.
 */
function WindowedCards({
  items,
  hasMore,
  isLoadingMore,
  spoilerFolds,
}: {
  items: [string, Post][];
  hasMore: boolean;
  isLoadingMore: boolean;
  spoilerFolds: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [columnWidth, setColumnWidth] = useState(390);
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  const leadingPhoto = useMemo(() => leadingPhotoIndex(items.map(([, post]) => post)), [items]);
  // Where the list starts in the page (below the header and tabs) and how wide it is, for the estimates.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const rect = list.getBoundingClientRect();
    setScrollMargin(rect.top + window.scrollY);
    if (rect.width > 0) setColumnWidth(rect.width);
  }, []);

  const estimates = useMemo(() => items.map(([, post]) => estimateHeight(post, columnWidth)), [items, columnWidth]);
  const virtualizer = useLazyWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => estimates[index]!,
    getItemKey: (index) => items[index]![0],
    overscan,
    scrollMargin,
    measureDrawn: () =>
      // Whole pixels, as the virtualizer measures.
      [...(listRef.current?.children ?? [])].map((row) => ({
        key: items[Number((row as HTMLElement).dataset.index)]![0],
        size: (row as HTMLElement).offsetHeight,
      })),
  });
  const windowed = virtualizer !== null;

  useEffect(() => {
    if (!windowed || overscan >= OVERSCAN) return;
    // A transition: React renders the new cards in slices between other work, so a growing margin never holds
    // the main thread for long (on a slow phone a few cards take well over a frame to render).
    return whenIdle(() => startTransition(() => setOverscan((current) => Math.min(OVERSCAN, current + OVERSCAN_STEP))));
  }, [windowed, overscan]);

  // Until then: the cards down to the bottom of the screen (and further as it scrolls), by their estimates.
  const [reach, setReach] = useState(() => window.scrollY + window.innerHeight);
  useEffect(() => {
    if (windowed) return;
    const onScroll = () => setReach((current) => Math.max(current, window.scrollY + window.innerHeight));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [windowed]);
  const flowCount = useMemo(() => {
    let bottom = scrollMargin;
    let count = 0;
    while (count < estimates.length && bottom < reach) bottom += estimates[count++]!;
    return Math.max(1, count);
  }, [estimates, scrollMargin, reach]);

  const rows = virtualizer
    ? virtualizer.getVirtualItems().map(({ index, start }) => ({ index, offset: start - scrollMargin }))
    : items.slice(0, flowCount).map((_, index) => ({ index, offset: null }));
  return (
    <div
      ref={listRef}
      role="feed"
      aria-busy={isLoadingMore}
      className="relative"
      style={
        virtualizer
          ? { height: virtualizer.getTotalSize() }
          : { minHeight: estimates.reduce((total, height) => total + height, 0) }
      }
    >
      {rows.map(({ index, offset }) => {
        const [key, post] = items[index]!;
        return (
          <div
            key={key}
            ref={virtualizer?.measureElement}
            data-index={index}
            className={offset === null ? undefined : 'absolute inset-x-0 top-0'}
            style={offset === null ? undefined : { transform: `translateY(${offset}px)` }}
          >
            <PostCard
              post={post}
              priority={index === leadingPhoto}
              position={{ index: index + 1, setSize: hasMore ? -1 : items.length }}
              spoilerFold={spoilerFolds}
            />
          </div>
        );
      })}
    </div>
  );
}
