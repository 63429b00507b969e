import type { MeResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';
import { profileKeys } from './get-profile';
import { renameAuthorInCaches } from './rename-in-caches';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { nickname: string; bio: string }) =>
      (await api<MeResponse>('PATCH', '/api/me/profile', input)).me,
    onSuccess: (me) => {
      queryClient.setQueryData(meKeys.all, me);
      renameAuthorInCaches(queryClient, me.id, me.nickname);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
