import type { Language, MeResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';

/**
 * Saves the fan's language on the account (every device they sign in on follows it). The callbacks live on the
 * mutation itself: the screen re-renders in the new language while the request is on its way.
 */
export function useSaveLanguage(callbacks: { onSaved: () => void; onFailed: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) => (await api<MeResponse>('PATCH', '/api/me/profile', { language })).me,
    onSuccess: (me) => {
      queryClient.setQueryData(meKeys.all, me);
      callbacks.onSaved();
    },
    onError: (error) => callbacks.onFailed(error),
  });
}
