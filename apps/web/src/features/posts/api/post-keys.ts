import type { Post, PostPage } from '@burti/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';

/** Every post query's key comes from here, so one prefix reaches every cached copy of a post. */
export const postKeys = {
  all: sharedKeys.posts,
  lists: () => sharedKeys.postLists,
  feed: () => [...sharedKeys.postLists, 'feed'] as const,
  following: () => [...sharedKeys.postLists, 'following'] as const,
  search: (q: string) => [...sharedKeys.postLists, 'search', q] as const,
  club: (clubId: number) => [...sharedKeys.postLists, 'club', clubId] as const,
  /** Every fan's timeline (a share changes the sharer's). */
  users: () => [...sharedKeys.postLists, 'user'] as const,
  user: (userId: string) => [...sharedKeys.postLists, 'user', userId] as const,
  tag: (tag: string) => [...sharedKeys.postLists, 'tag', tag] as const,
  /** A match thread's posts (features/matches/api/get-match-posts). */
  match: (matchId: string) => [...sharedKeys.matchPosts, matchId] as const,
  details: () => [...sharedKeys.posts, 'detail'] as const,
  detail: (postId: string) => [...sharedKeys.posts, 'detail', postId] as const,
};

/** The taps on one post's like or share queue under one key (lib/use-toggle-mutation-queue). */
export const postMutationKeys = {
  like: (postId: string) => [...sharedKeys.posts, 'like', postId] as const,
  share: (postId: string) => [...sharedKeys.posts, 'share', postId] as const,
};

export type PostPages = InfiniteData<PostPage>;

/** Applies `update` to every cached copy of the post: each list it appears in (shares included) and its detail. */
export function updatePostInCaches(queryClient: QueryClient, postId: string, update: (post: Post) => Post): void {
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.map((post) => (post.id === postId ? update(post) : post)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<Post>(postKeys.detail(postId), (post) => (post ? update(post) : post));
}

/** Takes the post out of every cached list (its detail is left for the caller to drop). */
export function removePostFromCaches(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== postId) })),
        }
      : data,
  );
}

/** Puts a new post on top of a cached list, if that list is loaded. */
export function prependPost(queryClient: QueryClient, queryKey: readonly unknown[], post: Post): void {
  queryClient.setQueryData<PostPages>(queryKey, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    if (first.posts.some((p) => p.id === post.id && !p.sharedBy)) return data;
    return { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
  });
}

/** A snapshot of every post query, to put back when an optimistic change fails. */
export function snapshotPosts(queryClient: QueryClient) {
  return queryClient.getQueriesData<PostPages | Post>({ queryKey: postKeys.all });
}

export function restorePosts(queryClient: QueryClient, snapshot: ReturnType<typeof snapshotPosts>): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}
