import {
  errorCodes,
  operations,
  type ErrorCode,
  type OperationId,
  type OperationResult,
  type Operations,
} from '@burti/shared';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { z } from 'zod';
import { aFan } from './fixtures';
import i18n from '../lib/i18n';
import { sampleOf } from './sample';

/**
 * The API as web tests see it: one MSW handler per operation of the contract (packages/shared/src/contract),
 * made from the operation itself (its method, path, success status and response schema), so a new operation has
 * a handler without anyone writing one. Each answers:
 * - by default, success: the fixture in `defaultAnswers` where one is written, else a sample made from the
 *   operation's response schema (testing/sample.ts), valid against it (handlers.test.ts checks every one);
 * - in a test, whatever `answer`, `fail` or `hang` say (`server.use(...)`, undone after each test).
 * Every request is recorded (`requestsTo`), so a test asserts what a click sent.
 * Importing this module starts the server for the test file (MSW's node interceptor: each test file runs in its
 * own worker, so files stay independent and parallel); a request no handler knows fails the test.
 */

export type SuccessBody<Id extends OperationId> = OperationResult<Operations[Id]>;

/** One request the app sent, as the handler of its operation read it. */
export type ApiRequest = {
  id: OperationId;
  method: string;
  url: URL;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Parsed JSON, a FormData for uploads, or undefined. */
  body: unknown;
  headers: Headers;
};

const recorded: ApiRequest[] = [];

/** The requests sent to one operation (or all of them), oldest first. */
export function requestsTo(id?: OperationId): ApiRequest[] {
  return id ? recorded.filter((request) => request.id === id) : [...recorded];
}

/** The last request sent to an operation; fails the test when there was none. */
export function lastRequestTo(id: OperationId): ApiRequest {
  const found = requestsTo(id).at(-1);
  if (!found) throw new Error(`No request was sent to ${id}`);
  return found;
}

/** Success answers written by hand where a sample would not do (the signed-in fan, an empty badge…). */
const defaultAnswers: { [Id in OperationId]?: () => SuccessBody<Id> } = {
  getMe: () => ({ me: aFan({ language: i18n.language === 'ka' ? 'ka' : 'en' }) }),
  getUnreadCount: () => ({ unreadCount: 0 }),
  // Nothing held in spoiler mode, so no feed folds a post unless a test says so.
  getSpoilerHolds: () => ({ matchIds: [] }),
};

type Operation = { id: OperationId; method: string; path: string; produces?: string; errors: readonly ErrorCode[] };
const allOperations = Object.values(operations) as unknown as (Operation & {
  responses: Record<number, z.ZodType | null>;
})[];

/** The success status of an operation and its schema (null: no body). */
function successOf(id: OperationId): { status: number; schema: z.ZodType | null } {
  const responses = operations[id].responses as Record<number, z.ZodType | null>;
  const status = Number(Object.keys(responses).sort()[0]);
  return { status, schema: responses[status] ?? null };
}

/** The default success body of an operation: its fixture, else a sample of its response schema. */
export function defaultAnswer<Id extends OperationId>(id: Id): SuccessBody<Id> | undefined {
  const fixture = defaultAnswers[id];
  if (fixture) return fixture();
  const { schema } = successOf(id);
  return schema ? (sampleOf(schema) as SuccessBody<Id>) : undefined;
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.clone().json();
  if (type.includes('multipart/form-data')) return request.clone().formData();
  const text = await request.clone().text();
  return text === '' ? undefined : text;
}

type Resolver = (request: ApiRequest) => Response | Promise<Response>;

/** An MSW handler for one operation that records each request before `resolve` answers it. */
function handlerFor(id: OperationId, resolve: Resolver, options: { once?: boolean } = {}): HttpHandler {
  const { method, path } = operations[id] as unknown as Operation;
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[verb](
    `*${path}`,
    async ({ request, params }) => {
      const url = new URL(request.url);
      const seen: ApiRequest = {
        id,
        method,
        url,
        params: params as Record<string, string>,
        query: Object.fromEntries(url.searchParams),
        body: await readBody(request),
        headers: request.headers,
      };
      recorded.push(seen);
      return resolve(seen);
    },
    options,
  );
}

const json = (status: number, body: unknown) =>
  body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body as object, { status });

/** A stream that stays open and quiet until the page closes it (the notification and match streams). */
const quietStream = () =>
  new HttpResponse(new ReadableStream({ start() {} }), { headers: { 'content-type': 'text/event-stream' } });

function defaultHandler(operation: Operation): HttpHandler {
  return handlerFor(operation.id, () => {
    if (operation.produces === 'text/event-stream') return quietStream();
    return json(successOf(operation.id).status, defaultAnswer(operation.id));
  });
}

// Fixed paths before patterns, as the server routes them: /api/posts/following before /api/posts/:postId.
const paramCount = (path: string) => path.split('/').filter((segment) => segment.startsWith(':')).length;
export const defaultHandlers: HttpHandler[] = [...allOperations]
  .sort((a, b) => paramCount(a.path) - paramCount(b.path) || b.path.length - a.path.length)
  .map(defaultHandler);

/** Answers an operation with success: `body` (or what `body(request)` returns), with its success status. */
export function answer<Id extends OperationId>(
  id: Id,
  body: SuccessBody<Id> | ((request: ApiRequest) => SuccessBody<Id> | Promise<SuccessBody<Id>>),
  options: { status?: number; once?: boolean } = {},
): HttpHandler {
  return handlerFor(
    id,
    async (request) => {
      const value =
        typeof body === 'function' ? await (body as (r: ApiRequest) => Promise<SuccessBody<Id>>)(request) : body;
      return json(options.status ?? successOf(id).status, value);
    },
    options,
  );
}

/**
 * Answers an operation with one of the errors it declares (`operations[id].errors`), with that code's status and
 * message (packages/shared/src/errors.ts) unless given. An error the operation cannot answer with is refused.
 */
export function fail(
  id: OperationId,
  code: ErrorCode,
  options: { message?: string; fields?: Record<string, string>; once?: boolean } = {},
): HttpHandler {
  const declared = (operations[id] as unknown as Operation).errors;
  if (!declared.includes(code)) {
    throw new Error(`${id} does not answer ${code}; it declares ${declared.join(', ')}`);
  }
  const error = { code, message: options.message ?? errorCodes[code].message, fields: options.fields };
  return handlerFor(id, () => HttpResponse.json({ error }, { status: errorCodes[code].status }), options);
}

/** Leaves an operation's requests unanswered: the screen stays in its loading state. */
export function hang(id: OperationId): HttpHandler {
  return handlerFor(id, () => new Promise<Response>(() => {}));
}

/** The network is down for this operation (fetch rejects). */
export function offline(id: OperationId): HttpHandler {
  return handlerFor(id, () => HttpResponse.error());
}

export const server = setupServer(...defaultHandlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  recorded.length = 0;
});
afterAll(() => server.close());
