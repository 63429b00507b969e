import { z } from 'zod';
import { errorCodes, type ErrorCode } from '../errors.js';
import type { UserLimitAction } from '../schemas/admin.js';

/** Who may call an operation: anyone, a signed-in fan, a signed-in fan not blocked by an administrator, an administrator. */
export type OperationAuth = 'none' | 'viewer' | 'active' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls per user (per address when anonymous) in a window; enforced by the server, shown in the API reference. */
export type RateLimit = { max: number; windowSeconds: number };

/** Calls per minute per signed-in user; the routes, the admin settings page and the API reference read this table. */
export const USER_LIMITS: Record<UserLimitAction, number> = {
  posts: 10,
  postEdits: 20,
  comments: 30,
  likes: 120,
  shares: 60,
  reports: 20,
  follows: 60,
  blocks: 30,
  avatars: 10,
};
const perMinute = (max: number): RateLimit => ({ max, windowSeconds: 60 });

/**
 * The named limits operations declare (`rateLimit: 'posts'`). Each operation counts on its own: liking and
 * unliking each have 120 a minute. `by: 'better-auth'` marks the limits better-auth enforces on its own endpoints
 * (apps/server/src/lib/auth.ts reads them from here); the server enforces the others.
 */
export const RATE_LIMITS = {
  ...(Object.fromEntries(Object.entries(USER_LIMITS).map(([action, max]) => [action, perMinute(max)])) as Record<
    UserLimitAction,
    RateLimit
  >),
  /** $GOAL rewards and referrals. */
  goal: perMinute(60),
  /** Per address. */
  telegramSignIn: perMinute(30),
  signUp: { max: 10, windowSeconds: 600, by: 'better-auth' },
  signIn: { max: 10, windowSeconds: 60, by: 'better-auth' },
  /** better-auth's default for its endpoints without a rule of their own. */
  authSession: { max: 120, windowSeconds: 60, by: 'better-auth' },
} as const satisfies Record<string, RateLimit & { by?: 'better-auth' }>;
export type RateLimitName = keyof typeof RATE_LIMITS;
/** A limit as an operation holds it: its name, its size and who enforces it. */
export type NamedRateLimit = RateLimit & { name: RateLimitName; by: 'server' | 'better-auth' };

/**
 * Whether an operation takes an `Idempotency-Key` header (a retry with the same key gets the first answer and
 * does nothing again; apps/server/src/plugins/idempotency.ts): `recorded` writes create something and store their
 * answer in their own transaction, `repeatable` ones set a state, so doing them again after a crash changes
 * nothing; `false` when the header is not read.
 */
export type Idempotency = 'recorded' | 'repeatable' | false;

/** A response with no body (204). */
export const noContent = null;

export type OperationSpec = {
  method: HttpMethod;
  /** Fastify's pattern: `/api/posts/:postId`. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  auth: OperationAuth;
  /** Takes an `Idempotency-Key` header, and how a retry is made safe; see {@link Idempotency}. */
  idempotent: Idempotency;
  /** Its limit from {@link RATE_LIMITS}; null when it has none. */
  rateLimit: RateLimitName | null;
  /** Request media types; JSON unless said otherwise. */
  consumes?: readonly string[];
  /** Files a multipart body may carry beside the fields of `body` (name → what it is). */
  files?: Readonly<Record<string, string>>;
  /** Response media type of the success answer; JSON unless said otherwise (the notification stream). */
  produces?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success answers by status; `noContent` for an answer without a body. */
  responses: Readonly<Record<number, z.ZodType | null>>;
  /** The error codes this operation answers with besides those its auth, limit and input imply. */
  errors: readonly ErrorCode[];
};

/** An operation as the contract holds it: `errors` is complete (its own plus those auth, limit and input imply). */
export type Operation<S extends OperationSpec = OperationSpec> = Omit<S, 'errors'> & {
  id: string;
  errors: readonly ErrorCode[];
  /** `rateLimit` looked up in {@link RATE_LIMITS}. */
  limit: NamedRateLimit | null;
};

/** Errors any operation may answer with: an overloaded or unreachable database, a fault. */
export const COMMON_ERRORS: readonly ErrorCode[] = ['BUSY', 'UNAVAILABLE', 'INTERNAL'];

function impliedErrors(spec: OperationSpec): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (spec.params || spec.query || spec.body || spec.consumes) codes.push('VALIDATION');
  if (spec.auth !== 'none') codes.push('UNAUTHENTICATED');
  if (spec.auth === 'active') codes.push('ACCOUNT_BLOCKED');
  if (spec.auth === 'admin') codes.push('FORBIDDEN');
  if (spec.rateLimit) codes.push('RATE_LIMITED');
  // A malformed key is 400; a key used before for another request, or a retry that took over, is 409.
  if (spec.idempotent) codes.push('VALIDATION', 'CONFLICT');
  return codes;
}

/** Names every operation of a group after its key and completes its error list. */
export function defineOperations<const T extends Record<string, OperationSpec>>(
  specs: T,
): { [K in keyof T]: Operation<T[K]> & { id: K } } {
  const out: Record<string, Operation> = {};
  for (const [id, spec] of Object.entries(specs)) {
    const errors = [...new Set([...impliedErrors(spec), ...spec.errors, ...COMMON_ERRORS])];
    errors.sort((a, b) => errorCodes[a].status - errorCodes[b].status || a.localeCompare(b));
    const limit: (RateLimit & { by?: 'better-auth' }) | null = spec.rateLimit && RATE_LIMITS[spec.rateLimit];
    out[id] = {
      ...spec,
      id,
      errors,
      limit:
        limit && spec.rateLimit
          ? { name: spec.rateLimit, max: limit.max, windowSeconds: limit.windowSeconds, by: limit.by ?? 'server' }
          : null,
    };
  }
  return out as { [K in keyof T]: Operation<T[K]> & { id: K } };
}

/** The body of every error answer. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** Field path → the first problem with it (VALIDATION). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** Input and output types of an operation: what a client sends (before defaults and transforms) and receives. */
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
export type OperationParams<O extends OperationSpec> = InputOf<O['params']>;
export type OperationQuery<O extends OperationSpec> = InputOf<O['query']>;
export type OperationBody<O extends OperationSpec> = InputOf<O['body']>;
/** The success answer (the first success status's body; undefined for 204). */
export type OperationResult<O extends OperationSpec> = {
  [K in keyof O['responses']]: O['responses'][K] extends z.ZodType ? z.output<O['responses'][K]> : undefined;
}[keyof O['responses']];

/** `/api/posts/:postId` with `{ postId }` → `/api/posts/…` (each value URI-encoded). */
export function pathFor(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
