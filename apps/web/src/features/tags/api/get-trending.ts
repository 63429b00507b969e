import { useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { tagKeys } from './tag-keys';

const getTrendingTags = endpoint('getTrendingTags', 'GET', '/api/tags/trending');

/** The hashtags most used in the last 24 hours, in one club or overall. */
export function useTrendingTags(clubId?: number) {
  return useQuery({
    queryKey: tagKeys.trending(clubId ?? 0),
    queryFn: () => call(getTrendingTags, { query: clubId ? { clubId } : {} }),
    staleTime: 60_000,
  });
}
