import type { MatchDetail, MatchLiveEvent, MatchPage, MatchState, MatchSummary, PostPage } from '@burti/shared';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openEventStream } from '../../../lib/event-stream';
import { matchKeys } from './match-keys';

/** The stream event's data, checked against the contract in development and tests like every answer. */
async function readMatchEvent(data: string): Promise<MatchLiveEvent> {
  const value: unknown = JSON.parse(data);
  if (!(import.meta.env.DEV || import.meta.env.MODE === 'test')) return value as MatchLiveEvent;
  const { matchLiveEventSchema } = await import('@burti/shared');
  return matchLiveEventSchema.parse(value);
}

/**
 * The state's fields over a cached copy, when the state is newer than that copy; the copy itself otherwise. A copy
 * the fan holds in spoiler mode keeps its score hidden whatever arrives: a stream opened before the hold carries
 * the score to everyone, and only the server's answers (a reveal, a refetch) show it again.
 */
function newer<T extends MatchSummary>(cached: T, state: MatchState): T {
  if (cached.id !== state.id || state.version <= cached.version) return cached;
  if (cached.spoilerHidden && !state.spoilerHidden) return { ...cached, ...state, ...HIDDEN };
  return { ...cached, ...state };
}

const HIDDEN = {
  score: null,
  halfTimeScore: null,
  extraTimeScore: null,
  penalties: null,
  spoilerHidden: true,
} as const satisfies Partial<MatchState>;

/**
 * A newer state of a match, written into every cached copy: the match page, the clubs' next-match cards and
 * fixture lists. A version no newer than the one shown changes nothing (a late or repeated event).
 */
export function applyMatchState(queryClient: QueryClient, state: MatchState): void {
  queryClient.setQueryData<MatchDetail>(matchKeys.detail(state.id), (cached) =>
    cached ? newer(cached, state) : cached,
  );
  queryClient.setQueriesData<MatchSummary | null>(
    { queryKey: ['matches', 'club'], predicate: isNextQuery },
    (cached) => (cached ? newer(cached, state) : cached),
  );
  queryClient.setQueriesData<InfiniteData<MatchPage>>(
    { queryKey: ['matches', 'club'], predicate: (query) => !isNextQuery(query) },
    (cached) =>
      cached && {
        ...cached,
        pages: cached.pages.map((page) => ({ ...page, matches: page.matches.map((match) => newer(match, state)) })),
      },
  );
}

const isNextQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[3] === 'next';

/** Changes that touch the timeline, lineups or result: the page refetches the whole match for them. */
const TIMELINE_CHANGES = new Set(['event_added', 'event_cancelled', 'event_removed', 'edit', 'result']);

/**
 * Watches one match while mounted: its stream's `match` events move the cached state forward (score, status,
 * minute; only ever to a newer `version`), a change of the timeline refetches the match, and `thread_post`
 * events count the thread's new posts for the "N new posts" banner (`showNewPosts` loads them). `held`: the fan
 * holds the match in spoiler mode (the stream is opened again when it changes).
 */
export function useMatchLive(
  matchId: string | undefined,
  { enabled = true, held = false }: { enabled?: boolean; held?: boolean } = {},
) {
  const queryClient = useQueryClient();
  // New posts per match, so moving to another match starts from none.
  const [pending, setPending] = useState<{ matchId: string | undefined; ids: readonly string[] }>({
    matchId,
    ids: [],
  });
  const seen = useRef(new Set<string>());

  useEffect(() => {
    if (!matchId || !enabled) return;
    seen.current = new Set();
    return openEventStream(
      `/api/matches/${encodeURIComponent(matchId)}/stream`,
      ['match', 'thread_post'],
      (_name, data) => {
        void readMatchEvent(data).then(
          (event) => {
            if (event.kind === 'match') {
              const shown = queryClient.getQueryData<MatchDetail>(matchKeys.detail(matchId));
              const isNewer = !shown || event.match.version > shown.version;
              applyMatchState(queryClient, event.match);
              if (isNewer && shown && event.change && TIMELINE_CHANGES.has(event.change)) {
                void queryClient.invalidateQueries({ queryKey: matchKeys.detail(matchId), exact: true });
              }
              return;
            }
            if (event.matchId !== matchId || seen.current.has(event.postId)) return;
            seen.current.add(event.postId);
            // A post already listed (the fan's own, put on top when it was sent) is no news.
            const listed = queryClient
              .getQueryData<InfiniteData<PostPage>>(matchKeys.threadPosts(matchId))
              ?.pages.some((page) => page.posts.some((post) => post.id === event.postId));
            if (!listed)
              setPending((current) => ({
                matchId,
                ids: current.matchId === matchId ? [...current.ids, event.postId] : [event.postId],
              }));
          },
          () => undefined, // a malformed event is dropped; the next one carries the whole state again
        );
      },
    );
    // A hold or a reveal opens the stream again: the server decides at connect whether it sends this fan the score.
  }, [matchId, enabled, held, queryClient]);

  const showNewPosts = useCallback(async () => {
    if (!matchId) return;
    setPending({ matchId, ids: [] });
    // The thread starts again from its newest page, which now holds the new posts.
    await queryClient.resetQueries({ queryKey: matchKeys.threadPosts(matchId), exact: true });
  }, [matchId, queryClient]);

  return { newPosts: pending.matchId === matchId ? pending.ids.length : 0, showNewPosts };
}
