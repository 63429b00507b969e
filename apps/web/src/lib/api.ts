import type { ApiErrorBody, ErrorCode } from '@burti/shared';
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

export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method,
      credentials: 'include',
      // The server writes emails and other messages in the language on screen until the account has its own.
      headers: {
        'accept-language': i18n.language,
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', apiErrorMessage('NETWORK'));
  }
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
