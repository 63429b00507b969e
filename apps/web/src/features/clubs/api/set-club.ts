import type { MeResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';
import { clubKeys } from './get-clubs';

export function useSetClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clubId: number) => (await api<MeResponse>('PUT', '/api/me/club', { clubId })).me,
    onSuccess: (me) => {
      queryClient.setQueryData(meKeys.all, me);
      void queryClient.invalidateQueries({ queryKey: clubKeys.details() });
    },
  });
}
