import type { PublicProfileResponse } from '@burti/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';

export const profileKeys = {
  all: sharedKeys.profiles,
  byId: (id: string) => [...sharedKeys.profiles, 'id', id] as const,
  byNickname: (nickname: string) => [...sharedKeys.profiles, 'nickname', nickname.toLowerCase()] as const,
};

export function useProfileById(userId: string) {
  return useQuery({
    queryKey: profileKeys.byId(userId),
    queryFn: () => apiGet<PublicProfileResponse>(`/api/users/${encodeURIComponent(userId)}`),
  });
}

export function useProfileByNickname(nickname: string, enabled = true) {
  return useQuery({
    queryKey: profileKeys.byNickname(nickname),
    queryFn: () => apiGet<PublicProfileResponse>(`/api/users/by-nickname/${encodeURIComponent(nickname)}`),
    enabled,
  });
}
