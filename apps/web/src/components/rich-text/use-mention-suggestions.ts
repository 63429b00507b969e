import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../lib/api';

const suggestMentions = endpoint('suggestMentions', 'GET', '/api/mentions/suggest');

export const mentionKeys = {
  suggest: (prefix: string) => ['mentions', 'suggest', prefix] as const,
};

/** Fans whose nickname starts with `prefix`, for `@` autocomplete; nothing is asked for an empty prefix. */
export function useMentionSuggestions(prefix: string | null) {
  return useQuery({
    queryKey: mentionKeys.suggest(prefix?.toLowerCase() ?? ''),
    queryFn: () => call(suggestMentions, { query: { q: prefix ?? '' } }),
    enabled: Boolean(prefix),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
