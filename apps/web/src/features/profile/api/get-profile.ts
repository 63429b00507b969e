import type { PublicProfileResponse } from '@burti/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

export const profileKeys = {
  byId: (id: string) => ['profile', 'id', id] as const,
  byNickname: (nickname: string) => ['profile', 'nickname', nickname.toLowerCase()] as const,
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
