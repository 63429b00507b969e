import type { ClubDetail } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { followedClubsFeedKey } from './get-followed-clubs-feed';
import { clubKeys } from './get-clubs';

const followClub = endpoint('followClub', 'POST', '/api/clubs/:clubId/follow');
const unfollowClub = endpoint('unfollowClub', 'DELETE', '/api/clubs/:clubId/follow');

/** Follows or stops following a club's feed (one's own club stays); the Clubs feed is read again. */
export function useFollowClub(clubId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => call(follow ? followClub : unfollowClub, { params: { clubId } }),
    onSuccess: ({ following }) => {
      client.setQueryData<ClubDetail>(clubKeys.detail(clubId), (club) => club && { ...club, viewerFollows: following });
      void client.invalidateQueries({ queryKey: followedClubsFeedKey });
    },
  });
}
