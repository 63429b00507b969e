import type { TrendingResponse } from '@burti/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { tagKeys } from './tag-keys';

/** The hashtags most used in the last 24 hours, in one club or overall. */
export function useTrendingTags(clubId?: number) {
  return useQuery({
    queryKey: tagKeys.trending(clubId ?? 0),
    queryFn: () => apiGet<TrendingResponse>(clubId ? `/api/tags/trending?clubId=${clubId}` : '/api/tags/trending'),
    staleTime: 60_000,
  });
}
