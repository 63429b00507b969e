import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';
import { clubKeys } from './get-clubs';

const setClub = endpoint('setClub', 'PUT', '/api/me/club');

export function useSetClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clubId: number) => (await call(setClub, { body: { clubId } })).me,
    onSuccess: (me) => {
      queryClient.setQueryData(meKeys.all, me);
      void queryClient.invalidateQueries({ queryKey: clubKeys.details() });
    },
  });
}
