import type { Language } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';

const updateProfile = endpoint('updateProfile', 'PATCH', '/api/me/profile');

/**
 * Saves the fan's language on the account (every device they sign in on follows it). The callbacks live on the
 * mutation itself: the screen re-renders in the new language while the request is on its way.
 */
export function useSaveLanguage(callbacks: { onSaved: () => void; onFailed: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) => (await call(updateProfile, { body: { language } })).me,
    onSuccess: (me) => {
      queryClient.setQueryData(meKeys.all, me);
      callbacks.onSaved();
    },
    onError: (error) => callbacks.onFailed(error),
  });
}
