import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, authErrorMessage } from '../../../lib/auth-client';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await authClient.signOut();
      if (error) throw new Error(authErrorMessage(error));
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(['me'], null);
    },
  });
}
