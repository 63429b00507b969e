import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { platform, unregisterPush } from '../../../lib/platform';
import { setSessionToken } from '../../../lib/session';
import { unregisterWebPush } from '../../push/lib/register-web-push';
import { recordSignOut } from '../../telegram/lib/launch';

/**
 * Signs this device out: its push registration goes first (browser subscription or native token, deleted on the
 * server and on the device; the server also drops them with the session), then the session itself is revoked
 * on the server, cookie or bearer token alike, and the token is forgotten.
 */
export async function signOut(): Promise<void> {
  await Promise.all([unregisterWebPush().catch(() => undefined), unregisterPush().catch(() => undefined)]);
  const { error } = await authClient.signOut();
  if (error && error.status !== 401) throw new Error(authErrorMessage(error));
  setSessionToken(null);
  if (platform === 'telegram') recordSignOut();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(['me'], null);
    },
  });
}
