import type { MeResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return (await api<MeResponse>('POST', '/api/me/avatar', form)).me;
    },
    onSuccess: (me) => {
      queryClient.setQueryData(meKeys.all, me);
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}
