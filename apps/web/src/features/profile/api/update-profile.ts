import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';
import { profileKeys } from './get-profile';
import { renameAuthorInCaches } from './rename-in-caches';

const updateProfile = endpoint('updateProfile', 'PATCH', '/api/me/profile');

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { nickname: string; bio: string }) => (await call(updateProfile, { body: input })).me,
    onSuccess: (me) => {
      queryClient.setQueryData(meKeys.all, me);
      renameAuthorInCaches(queryClient, me.id, me.nickname);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
