import { createAuthClient } from 'better-auth/react';
import { apiBase } from './api';
import { fetchCredentials, rememberTokenFrom, sessionToken, transport } from './session';

/**
 * better-auth's client, on the same transport as every other request (lib/session.ts): the cookie, or the bearer
 * token it hands out in `set-auth-token` on sign-in.
 */
export const authClient = createAuthClient({
  baseURL: `${apiBase || window.location.origin}/api/auth`,
  fetchOptions: {
    credentials: fetchCredentials,
    ...(transport === 'bearer' ? { auth: { type: 'Bearer' as const, token: () => sessionToken() ?? undefined } } : {}),
    onSuccess: ({ response }) => rememberTokenFrom(response),
  },
});

/**
 * better-auth answers errors as { message }; the server's own checks in front of it answer as the rest of the
 * API does, { error: { message } }. This gives the text to show.
 */
export function authErrorMessage(
  error: { message?: string; statusText?: string; error?: { message?: string } } | null | undefined,
): string {
  return error?.error?.message || error?.message || error?.statusText || 'Something went wrong. Please try again.';
}
