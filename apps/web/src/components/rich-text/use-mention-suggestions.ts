import type { MentionSuggestResponse } from '@burti/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export const mentionKeys = {
  suggest: (prefix: string) => ['mentions', 'suggest', prefix] as const,
};

/** Fans whose nickname starts with `prefix`, for `@` autocomplete; nothing is asked for an empty prefix. */
export function useMentionSuggestions(prefix: string | null) {
  return useQuery({
    queryKey: mentionKeys.suggest(prefix?.toLowerCase() ?? ''),
    queryFn: () => apiGet<MentionSuggestResponse>(`/api/mentions/suggest?q=${encodeURIComponent(prefix ?? '')}`),
    enabled: Boolean(prefix),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
