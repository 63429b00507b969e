import type { ApiErrorBody, ErrorCode } from '@burti/shared';
import { authorizationHeader, fetchCredentials, rememberTokenFrom, sessionToken, setSessionToken } from './session';
import { apiErrorMessage } from './error-messages';
import i18n from './i18n';

/** An error answer of the API, carrying its code and the message to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly fields?: Record<string, string>;

  constructor(status: number, code: ErrorCode | 'NETWORK', message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The base URL of the API: same origin on the web; the deployed server inside the native shell. */
export const apiBase = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export type ApiOptions = {
  /** Makes the write safe to retry: a network failure is retried with the same key (see lib/intent-key). */
  idempotencyKey?: string;
};

const RETRY_DELAYS_MS = [500, 1500];

export async function api<T>(method: Method, path: string, body?: unknown, options: ApiOptions = {}): Promise<T> {
  const sentToken = sessionToken();
  // The server writes emails and other messages in the language on screen until the account has its own.
  const headers: Record<string, string> = { 'accept-language': i18n.language, ...authorizationHeader() };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response | undefined;
  for (let attempt = 0; !response; attempt++) {
    try {
      response = await fetch(`${apiBase}${path}`, {
        method,
        credentials: fetchCredentials,
        headers,
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
    } catch {
      const delay = options.idempotencyKey ? RETRY_DELAYS_MS[attempt] : undefined;
      if (delay === undefined) {
        throw new ApiError(0, 'NETWORK', apiErrorMessage('NETWORK'));
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  rememberTokenFrom(response);
  // A token the server no longer knows (signed out elsewhere, expired) is dropped; the app then signs in anew.
  if (response.status === 401 && sentToken && sessionToken() === sentToken) setSessionToken(null);
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as ApiErrorBody | null)?.error;
    const code = error?.code ?? 'INTERNAL';
    const fields = error?.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, apiErrorMessage(code, text)]))
      : undefined;
    throw new ApiError(response.status, code, apiErrorMessage(code, error?.message), fields);
  }
  return data as T;
}

export const apiGet = <T>(path: string) => api<T>('GET', path);
