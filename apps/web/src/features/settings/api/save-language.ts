import type { Language, MeResponse } from '@burti/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKeys } from '../../auth/api/get-me';

/** Saves the fan's language on the account (every device they sign in on follows it). */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) => (await api<MeResponse>('PATCH', '/api/me/profile', { language })).me,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}
