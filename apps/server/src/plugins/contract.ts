import {
  apiErrorSchema,
  errorCodes,
  operations,
  type ErrorCode,
  type Operation,
  type OperationSpec,
} from '@burti/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import { componentise, foldNullable } from './openapi-document.js';
import { activeViewer, administrator, signedIn, type Viewer } from './viewer.js';

/**
 * Routes from the contract (packages/shared/src/contract): one declaration gives a route its input validation,
 * its answers' serialisation and its place in the OpenAPI reference.
 *
 * Input: params, query and body are parsed by the operation's zod schemas in Fastify's validation step, so a
 * handler gets the parsed values (defaults, trims and coercions applied) and bad input becomes the ZodError the
 * error handler answers as 400 VALIDATION. Answers: each response schema is turned into JSON Schema once, which
 * Fastify compiles with fast-json-stringify; it writes only the fields the schema lists, so nothing private can
 * leave by accident, and it is faster than JSON.stringify.
 */

export type JsonSchema = Record<string, unknown>;

const SECURITY: Record<string, string[]>[] = [{ cookie: [] }, { bearer: [] }];
const jsonCache = new WeakMap<z.ZodType, JsonSchema>();

/**
 * The JSON Schema of a zod schema: 2020-12 (what OpenAPI 3.1 uses), with `anyOf: [X, null]` folded into
 * `type: [X's type, 'null']`, which fast-json-stringify writes with a type check rather than by validating each
 * branch.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const cached = io === 'output' ? jsonCache.get(schema) : undefined;
  if (cached) return cached;
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  const folded = foldNullable(json) as JsonSchema;
  if (io === 'output') jsonCache.set(schema, folded);
  return folded;
}

/** The error body with the codes one status of one operation can carry. */
function errorJson(codes: ErrorCode[]): JsonSchema {
  const schema = apiErrorSchema.extend({
    error: apiErrorSchema.shape.error.extend({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }),
  });
  return toJsonSchema(schema, 'input');
}

/** The response schemas of an operation: its answers and, per error status, the error body with its codes. */
export function responseSchemas(op: Operation): Record<string, JsonSchema> {
  const response: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(op.responses)) {
    if (schema === null) response[status] = { type: 'null', description: 'No content' };
    else if (op.produces)
      response[status] = { description: 'OK', content: { [op.produces]: { schema: toJsonSchema(schema, 'output') } } };
    else
      response[status] = {
        ...toJsonSchema(schema, 'output'),
        description: Number(status) < 300 ? 'OK' : 'See the body',
      };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of op.errors) {
    const { status } = errorCodes[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) {
    const description = `Error codes: ${codes.join(', ')}`;
    const own = response[status];
    // An answer of the operation's own at an error status (better-auth's, the health check's 503) or ours.
    response[status] = own
      ? {
          anyOf: [withoutDescription(own), errorJson(codes)],
          description: `${String(own.description)}. ${description}`,
        }
      : { ...errorJson(codes), description };
  }
  return response;
}

function withoutDescription({ description: _description, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

/** The part of the request body a multipart operation documents: its fields and its files. */
function bodySchema(op: Operation): JsonSchema | undefined {
  if (!op.body && !op.files) return undefined;
  const fields = op.body ? toJsonSchema(op.body, 'input') : { type: 'object', properties: {} };
  if (!op.files) return fields;
  const properties = { ...(fields.properties as Record<string, unknown>) };
  for (const [name, description] of Object.entries(op.files)) {
    properties[name] = { type: 'string', contentEncoding: 'binary', description };
  }
  return { ...fields, properties };
}

/** Fastify's schema of an operation (JSON Schema throughout, as @fastify/swagger reads it). */
export function routeSchema(op: Operation): FastifySchema & Record<string, unknown> {
  const limit = op.limit
    ? `\n\nRate limit: ${op.limit.max} calls per ${op.limit.windowSeconds} s per ${op.auth === 'none' ? 'address' : 'user'}.`
    : '';
  const auth =
    op.auth === 'none'
      ? ''
      : `\n\nAuth: ${{ viewer: 'signed in', active: 'signed in, account not blocked', admin: 'administrator' }[op.auth]} (cookie or bearer).`;
  const idempotent = op.idempotent
    ? '\n\nAccepts an `Idempotency-Key` header: a retry with the same key within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) and changes nothing twice.'
    : '';
  return {
    operationId: op.id,
    summary: op.summary,
    description: `${op.description ?? op.summary}${auth}${limit}${idempotent}`,
    tags: [...op.tags],
    security: op.auth === 'none' ? [] : SECURITY,
    ...(op.params ? { params: toJsonSchema(op.params, 'input') } : {}),
    ...(op.query ? { querystring: toJsonSchema(op.query, 'input') } : {}),
    ...(bodySchema(op) ? { body: bodySchema(op) } : {}),
    ...(op.consumes ? { consumes: [...op.consumes] } : {}),
    ...(op.produces ? { produces: [op.produces] } : {}),
    response: responseSchemas(op),
    'x-auth': op.auth,
    ...(op.limit ? { 'x-rate-limit': op.limit } : {}),
    ...(op.idempotent ? { 'x-idempotent': op.idempotent } : {}),
    'x-error-codes': [...op.errors],
  };
}

/** The zod schema that validates each route part, by `METHOD url part`; multipart bodies are read by their route. */
const validators = new Map<string, z.ZodType | 'handler'>();

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
/** Anonymous operations do not look the caller up. */
type ViewerOf<O extends OperationSpec> = O['auth'] extends 'none' ? null : Viewer;
type Answer<O extends OperationSpec> = {
  [K in keyof O['responses']]: O['responses'][K] extends z.ZodType ? z.output<O['responses'][K]> : never;
}[keyof O['responses']];
export type ContractRequest<O extends OperationSpec> = FastifyRequest<{
  Params: Parsed<O['params']>;
  Querystring: Parsed<O['query']>;
  Body: Parsed<O['body']>;
}>;
export type ContractHandler<O extends OperationSpec> = (
  request: ContractRequest<O>,
  reply: FastifyReply,
  viewer: ViewerOf<O>,
) => Answer<O> | FastifyReply | Promise<Answer<O> | FastifyReply>;

const viewers = new WeakMap<FastifyRequest, Viewer | null>();

/**
 * A route's guard: the caller looked up (once per request, usually from memory) and checked. Written with a
 * callback and one `then` rather than as async functions: with async hooks enabled every promise costs, and this
 * runs on every request.
 */
function guard(check: (viewer: Viewer | null) => Viewer) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    request.server.findViewer(request).then((found) => {
      let viewer: Viewer;
      try {
        viewer = check(found);
      } catch (error) {
        return done(error as Error);
      }
      viewers.set(request, viewer);
      done();
    }, done);
  };
}

const guards = { viewer: guard(signedIn), active: guard(activeViewer), admin: guard(administrator) };

export type RouteExtras = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers an operation's route. Who may call it is checked before the input (401 before 400, as the routes
 * always answered), then params, query and body are validated, then `handler` runs with the parsed input and the
 * viewer. Multipart operations validate their fields in the handler (`op.body.parse`), after reading the parts.
 */
export function route<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: ContractHandler<O>,
  extras: RouteExtras = {},
): void {
  for (const [part, schema] of [
    ['params', op.params],
    ['querystring', op.query],
    ['body', op.consumes?.includes('multipart/form-data') ? 'handler' : op.body],
  ] as const) {
    if (schema) validators.set(`${op.method} ${op.path} ${part}`, schema);
  }
  // better-auth limits its own endpoints (the operation says `by: 'better-auth'`): the route only documents it.
  const limit =
    op.limit?.by === 'server' && app.rateLimitsEnabled
      ? { rateLimit: { max: op.limit.max, timeWindow: op.limit.windowSeconds * 1000 } }
      : {};
  const guard = op.auth === 'none' ? [] : [guards[op.auth]];
  const preValidation = [...guard, ...[extras.preValidation ?? []].flat()];
  app.route({
    ...(extras as Partial<RouteOptions>),
    method: op.method,
    url: op.path,
    config: { ...(extras.config as object), ...limit, operation: op.id },
    schema: routeSchema(op),
    preValidation,
    // Not async: the handler's own promise is the answer (Fastify catches a synchronous throw as well).
    handler: (request, reply) =>
      handler(request as ContractRequest<O>, reply, (viewers.get(request) ?? null) as ViewerOf<O>),
  });
}

/**
 * Fastify's validator for contract routes: the zod schema registered for the route part. A body left out is
 * an empty object, as the routes always read it. A schema without a zod schema behind it is a mistake.
 */
function validatorCompiler({ method, url, httpPart }: { method: string; url: string; httpPart?: string }) {
  // Fastify adds a HEAD route beside each GET, with the same schema.
  const schema = validators.get(`${method === 'HEAD' ? 'GET' : method} ${url} ${httpPart}`);
  if (schema === 'handler') return (data: unknown) => ({ value: data });
  if (!schema) throw new Error(`${method} ${url}: a ${httpPart} schema must come from the contract (route()).`);
  return (data: unknown) => {
    const result = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: result.error };
  };
}

/** The validator, the OpenAPI document at /api/openapi.json and the browsable reference at /api/docs. */
export async function registerContract(app: FastifyInstance, { appName }: { appName: string }): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  // Every route, for the contract test: each is a contract operation or deliberately hidden from the reference.
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      routes.push({
        method,
        url: options.url,
        operation: options.config?.operation,
        hidden: options.schema?.hide === true,
      });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${appName} API`,
        version: '1.0.0',
        description:
          'The API of the Burti web and native apps, generated from the contract in packages/shared/src/contract. ' +
          'Errors answer `{ error: { code, message, fields? } }` with the codes listed per operation ' +
          '(`x-error-codes`); limited operations list their limit in `x-rate-limit`. Sign in with ' +
          '`POST /api/auth/sign-in/email`: the answer sets the session cookie and a bearer token in `set-auth-token`.',
      },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The `set-auth-token` header of a sign-in.' },
        },
      },
      tags: [...new Set(Object.values(operations).flatMap((op) => op.tags))].sort().map((name) => ({ name })),
    },
    hideUntagged: true,
    // Named schemas, error answers and the Idempotency-Key header as shared components (openapi-document.ts).
    transformObject: (document) =>
      'openapiObject' in document ? componentise(document.openapiObject) : document.swaggerObject,
  });
  // The reference is a page under /api: it brings its own content security policy in place of the API's.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}

export type RegisteredRoute = { method: string; url: string; operation?: string; hidden: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** The contract operation the route serves (packages/shared/src/contract). */
    operation?: string;
  }
}
