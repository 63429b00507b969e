import type {
  ApiErrorBody,
  ErrorCode,
  NotificationEvent,
  OperationBody,
  OperationId,
  OperationParams,
  OperationQuery,
  OperationResult,
  Operations,
} from '@burti/shared';
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

/** The base URL of the API: same origin on the web; the deployed server inside the native shell. */
export const apiBase = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export type ApiOptions = {
  /** Makes the write safe to retry: a network failure is retried with the same key (see lib/intent-key). */
  idempotencyKey?: string;
};

const RETRY_DELAYS_MS = [500, 1500];

/**
 * One call of the API contract (`packages/shared/src/contract`), declared where it is used:
 * `endpoint('likePost', 'POST', '/api/posts/:postId/like')`. The method and path must be the contract's (the
 * types say so), so the first screen carries two strings per call instead of every schema of the contract.
 */
export type Endpoint<Id extends OperationId> = {
  id: Id;
  method: Operations[Id]['method'];
  path: Operations[Id]['path'];
};

export function endpoint<Id extends OperationId>(
  id: Id,
  method: Operations[Id]['method'],
  path: Operations[Id]['path'],
): Endpoint<Id> {
  return { id, method, path };
}

/** Required when the schema requires something, optional when everything in it is optional, absent without one. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : Record<string, never> extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

export type CallInput<Id extends OperationId> = Part<'params', OperationParams<Operations[Id]>> &
  Part<'query', OperationQuery<Operations[Id]>> &
  BodyPart<OperationBody<Operations[Id]>>;

// Photos and videos travel as multipart form data carrying the same fields (an avatar, with no other field).
type BodyPart<T> = [T] extends [undefined] ? { body?: FormData } : { body: T | FormData };

export type CallResult<Id extends OperationId> = OperationResult<Operations[Id]>;

function urlFor(path: string, params: object | undefined, query: object | undefined): string {
  const values: Record<string, unknown> = { ...params };
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * In development and tests every answer is checked against the contract's schema of its status, so a server that
 * drifts from the contract fails there. Production builds drop this (and the contract's schemas) entirely.
 */
async function checkAnswer(id: OperationId, status: number, data: unknown): Promise<unknown> {
  if (!(import.meta.env.DEV || import.meta.env.MODE === 'test')) return data;
  const { operations } = await import('@burti/shared');
  const responses: Readonly<Record<number, { parse: (value: unknown) => unknown } | null>> = operations[id].responses;
  const schema = responses[status];
  return schema ? schema.parse(data) : data;
}

/** The data of a notification stream event (`streamNotifications`), checked like an answer in development and tests. */
export async function readNotificationEvent(data: string): Promise<NotificationEvent> {
  const value: unknown = JSON.parse(data);
  if (!(import.meta.env.DEV || import.meta.env.MODE === 'test')) return value as NotificationEvent;
  const { notificationEventSchema } = await import('@burti/shared');
  return notificationEventSchema.parse(value);
}

/** Calls one operation of the contract and answers its success body, typed from the contract. */
export async function call<Id extends OperationId>(
  operation: Endpoint<Id>,
  input: CallInput<Id>,
  options: ApiOptions = {},
): Promise<CallResult<Id>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const { status, data } = await send(operation.method, urlFor(operation.path, params, query), body, options);
  // The one place an answer gets its type: the contract's, checked against its schema in development and tests.
  return (await checkAnswer(operation.id, status, data)) as CallResult<Id>;
}

/** One request as it goes over the wire (the session transport's tests use it); callers use `call`. */
export async function send(
  method: Endpoint<OperationId>['method'],
  path: string,
  body: unknown,
  options: ApiOptions,
): Promise<{ status: number; data: unknown }> {
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
  if (response.status === 204) return { status: 204, data: undefined };
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = isErrorBody(data) ? data.error : undefined;
    const code = error?.code ?? 'INTERNAL';
    const fields = error?.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, apiErrorMessage(code, text)]))
      : undefined;
    throw new ApiError(response.status, code, apiErrorMessage(code, error?.message), fields);
  }
  return { status: response.status, data };
}

function isErrorBody(data: unknown): data is ApiErrorBody {
  return typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'object';
}
