import type { PublicProfileResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { withIntent } from '../../../lib/intent-key';
import { sharedKeys } from '../../../lib/query-keys';
import { meKeys } from '../../auth/api/get-me';

const followUser = endpoint('followUser', 'POST', '/api/users/:userId/follow');
const unfollowUser = endpoint('unfollowUser', 'DELETE', '/api/users/:userId/follow');
const blockUser = endpoint('blockUser', 'POST', '/api/users/:userId/block');
const unblockUser = endpoint('unblockUser', 'DELETE', '/api/users/:userId/block');
const createReport = endpoint('createReport', 'POST', '/api/reports');

type ProfileData = PublicProfileResponse;

/** Updates every cached copy of this user's profile (by id and by nickname). */
function patchProfile(
  queryClient: ReturnType<typeof useQueryClient>,
  userId: string,
  patch: (data: ProfileData) => ProfileData,
) {
  queryClient.setQueriesData<ProfileData>({ queryKey: sharedKeys.profiles }, (data) =>
    data && data.profile.id === userId ? patch(data) : data,
  );
}

export function useFollow(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      withIntent(`follow:${userId}`, String(follow), (idempotencyKey) =>
        call(follow ? followUser : unfollowUser, { params: { userId } }, { idempotencyKey }),
      ),
    onMutate: (follow) => {
      const previous = queryClient.getQueriesData<ProfileData>({ queryKey: sharedKeys.profiles });
      patchProfile(queryClient, userId, (data) => ({
        profile: { ...data.profile, followersCount: Math.max(0, data.profile.followersCount + (follow ? 1 : -1)) },
        relationship: { ...data.relationship, isFollowing: follow },
      }));
      return { previous };
    },
    onError: (_error, _follow, context) =>
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data)),
    onSuccess: (state) =>
      patchProfile(queryClient, userId, (data) => ({
        profile: { ...data.profile, followersCount: state.followersCount },
        relationship: { ...data.relationship, isFollowing: state.following },
      })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}

export function useBlock(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      withIntent(`block:${userId}`, String(block), (idempotencyKey) =>
        call(block ? blockUser : unblockUser, { params: { userId } }, { idempotencyKey }),
      ),
    onSuccess: () => {
      // Blocking changes follows, feeds and notifications: read them again.
      void queryClient.invalidateQueries({ queryKey: sharedKeys.profiles });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.posts });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.notifications });
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export function useReportUser(userId: string) {
  return useMutation({
    mutationFn: () =>
      withIntent(`report:user:${userId}`, '', (idempotencyKey) =>
        call(createReport, { body: { targetType: 'user', targetId: userId } }, { idempotencyKey }),
      ),
  });
}
