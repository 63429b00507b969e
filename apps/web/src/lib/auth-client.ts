import { createAuthClient } from 'better-auth/react';
import { apiBase } from './api';

export const authClient = createAuthClient({
  baseURL: `${apiBase || window.location.origin}/api/auth`,
  fetchOptions: { credentials: 'include' },
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
