import { sharedKeys } from '../../../lib/query-keys';

/**
 * Every matchday query's key comes from here (fixtures, a match, the table). A thread's posts live under the post
 * lists' prefix (lib/query-keys), so a like or an edit of a post reaches the thread as well.
 */
export const matchKeys = {
  threadPosts: (matchId: string) => [...sharedKeys.matchPosts, matchId] as const,
  all: ['matches'] as const,
  detail: (matchId: string) => ['matches', 'detail', matchId] as const,
  clubNext: (clubId: number) => ['matches', 'club', clubId, 'next'] as const,
  clubList: (clubId: number, kind: 'upcoming' | 'results') => ['matches', 'club', clubId, kind] as const,
  standings: (competitionId: number, season: string | undefined) =>
    ['matches', 'standings', competitionId, season ?? null] as const,
};
