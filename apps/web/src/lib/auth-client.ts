import { createAuthClient } from 'better-auth/react';
import { apiBase } from './api';
import { fetchCredentials, rememberTokenFrom, sessionToken, transport } from './session';
import { authErrorText } from './error-messages';
import i18n from './i18n';

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
    // Confirmation and reset emails are written in the language on screen (until the account has its own).
    onRequest: (context) => {
      context.headers.set('accept-language', i18n.language);
      return context;
    },
  },
});

/**
 * better-auth answers errors as { code, message }; the server's own checks in front of it answer as the rest of
 * the API does, { error: { code, message } }. This gives the text to show, in the language on screen.
 */
export function authErrorMessage(
  error:
    | {
        code?: string;
        message?: string;
        status?: number;
        statusText?: string;
        error?: { code?: string; message?: string };
      }
    | null
    | undefined,
): string {
  const inner = error?.error;
  return authErrorText(
    inner ? { ...error, code: inner.code ?? error.code, message: inner.message ?? error.message } : error,
  );
}
