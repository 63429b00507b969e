import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { postKeys } from './post-keys';

const getPost = endpoint('getPost', 'GET', '/api/posts/:postId');

/** One post; 404 POST_NOT_FOUND, 410 POST_DELETED. */
export const postQuery = (postId: string) =>
  queryOptions({
    queryKey: postKeys.detail(postId),
    queryFn: async () => (await call(getPost, { params: { postId } })).post,
    staleTime: STALE.short,
  });

export function usePost(postId: string) {
  return useQuery(postQuery(postId));
}
