import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';

const searchCall = endpoint('search', 'GET', '/api/search');
const searchFans = endpoint('searchFans', 'GET', '/api/search/fans');

export const searchKeys = {
  all: ['search'] as const,
  top: (q: string) => ['search', 'top', q] as const,
  fans: (q: string) => ['search', 'fans', q] as const,
};

/** The first page of fans, clubs, hashtags and posts; the previous answer stays on screen while the next loads. */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.top(q),
    queryFn: () => call(searchCall, { query: { q } }),
    staleTime: STALE.short,
  });

export function useSearch(q: string) {
  return useQuery({ ...searchQuery(q), enabled: q.length > 0, placeholderData: keepPreviousData });
}

export function useFanSearch(q: string, enabled: boolean) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: searchKeys.fans(q),
      queryFn: ({ pageParam }) => call(searchFans, { query: { q, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      staleTime: STALE.short,
    }),
    enabled: enabled && q.length > 0,
  });
}
