import { createAuthClient } from 'better-auth/react';
import { apiBase } from './api';

export const authClient = createAuthClient({
  baseURL: `${apiBase || window.location.origin}/api/auth`,
  fetchOptions: { credentials: 'include' },
});

/** better-auth answers errors as { message }; this gives the text to show. */
export function authErrorMessage(error: { message?: string; statusText?: string } | null | undefined): string {
  return error?.message || error?.statusText || 'Something went wrong. Please try again.';
}
