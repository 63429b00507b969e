import { useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';

const getUser = endpoint('getUser', 'GET', '/api/users/:userId');
const getUserByNickname = endpoint('getUserByNickname', 'GET', '/api/users/by-nickname/:nickname');

export const profileKeys = {
  all: sharedKeys.profiles,
  byId: (id: string) => [...sharedKeys.profiles, 'id', id] as const,
  byNickname: (nickname: string) => [...sharedKeys.profiles, 'nickname', nickname.toLowerCase()] as const,
};

export function useProfileById(userId: string) {
  return useQuery({
    queryKey: profileKeys.byId(userId),
    queryFn: () => call(getUser, { params: { userId } }),
  });
}

export function useProfileByNickname(nickname: string, enabled = true) {
  return useQuery({
    queryKey: profileKeys.byNickname(nickname),
    queryFn: () => call(getUserByNickname, { params: { nickname } }),
    enabled,
  });
}
