import type { PostResponse } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

/** One post; 404 POST_NOT_FOUND, 410 POST_DELETED. */
export const postQuery = (postId: string) =>
  queryOptions({
    queryKey: postKeys.detail(postId),
    queryFn: async () => (await apiGet<PostResponse>(`/api/posts/${encodeURIComponent(postId)}`)).post,
    staleTime: STALE.short,
  });

export function usePost(postId: string) {
  return useQuery(postQuery(postId));
}
