import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';

const deleteAccount = endpoint('deleteAccount', 'DELETE', '/api/me');

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(deleteAccount, {}),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, null);
    },
  });
}
