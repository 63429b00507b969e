import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', '/api/me'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, null);
    },
  });
}
