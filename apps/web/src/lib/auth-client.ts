import { createAuthClient } from 'better-auth/react';
import { apiBase } from './api';
import { authErrorText } from './error-messages';
import i18n from './i18n';

export const authClient = createAuthClient({
  baseURL: `${apiBase || window.location.origin}/api/auth`,
  fetchOptions: {
    credentials: 'include',
    // Confirmation and reset emails are written in the language on screen (until the account has its own).
    onRequest: (context) => {
      context.headers.set('accept-language', i18n.language);
      return context;
    },
  },
});

/** better-auth answers errors as { code, message }; this gives the text to show, in the language on screen. */
export function authErrorMessage(
  error: { code?: string; message?: string; status?: number; statusText?: string } | null | undefined,
): string {
  return authErrorText(error);
}
