import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { platform } from '../../../lib/platform';
import { recordSignOut } from '../../../lib/platform/telegram-launch';
import { setSessionToken } from '../../../lib/session';
import { meKeys } from './get-me';

/**
 * Signs this device out: `forgetDevice` first drops its push registration (browser subscription or native
 * token, on the device and the server; the server also deletes them with the session), then the session itself
 * is revoked on the server, cookie or bearer token alike, and the token is forgotten.
 */
export async function signOut(forgetDevice?: () => Promise<void>): Promise<void> {
  await forgetDevice?.().catch(() => undefined);
  const { error } = await authClient.signOut();
  if (error && error.status !== 401) throw new Error(authErrorMessage(error));
  setSessionToken(null);
  if (platform === 'telegram') recordSignOut();
}

export function useSignOut({ forgetDevice }: { forgetDevice?: () => Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOut(forgetDevice),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, null);
    },
  });
}
