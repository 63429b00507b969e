import { z } from 'zod';
import { defineOperations } from './operation.js';

/**
 * The account calls of better-auth (mounted under /api/auth) that a client needs to sign up, sign in and out,
 * and the Telegram Mini App's sign-in. better-auth answers its own errors as `{ code, message }` (its codes, such
 * as INVALID_EMAIL_OR_PASSWORD or EMAIL_NOT_VERIFIED); the checks in front of it answer in the API's shape.
 */
const text = (max: number) => z.string().max(max);
export const signUpBody = z
  .object({
    email: text(254),
    password: text(1024),
    /** The requested nickname; empty or left out: one made from the email. */
    name: text(64).optional(),
    image: z.unknown().optional(),
    callbackURL: text(2048).optional(),
    rememberMe: z.boolean().optional(),
  })
  .strict();
export const signInBody = z
  .object({
    email: text(254),
    password: text(1024),
    callbackURL: text(2048).optional(),
    rememberMe: z.boolean().optional(),
  })
  .strict();

const authUser = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** better-auth's own error answers. */
export const authErrorSchema = z.looseObject({ code: z.string().optional(), message: z.string() });

export const telegramSignInInput = z
  .object({
    initData: z.string().min(1, 'initData is required.').max(8192),
    startParam: z.string().trim().max(128).optional(),
  })
  .strict();
export const telegramSignInResponse = z.object({
  /** Signed session token for `Authorization: Bearer …` (the cookie is set as well). */
  token: z.string(),
  user: z.object({ id: z.string(), nickname: z.string() }),
  /** True when this sign-in created the account (the SPA then leads to onboarding). */
  created: z.boolean(),
});
export type TelegramSignInResponse = z.infer<typeof telegramSignInResponse>;

export const healthResponse = z.object({
  ok: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  /** What does not answer (503 only). */
  problems: z.array(z.string()).optional(),
});

const bearerNote =
  'The answer carries the session cookie and, in the `set-auth-token` header, the same session as a bearer token for `Authorization: Bearer …`.';

export const systemOperations = defineOperations({
  signUp: {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    summary: 'Open an account; a confirmation link is emailed',
    description: 'Handled by better-auth. A common password is refused with PASSWORD_TOO_COMMON.',
    tags: ['auth'],
    auth: 'none',
    idempotent: false,
    rateLimit: 'signUp',
    body: signUpBody,
    responses: {
      200: z.looseObject({ token: z.string().nullable(), user: authUser }),
      422: authErrorSchema,
    },
    errors: ['PASSWORD_TOO_COMMON'],
  },
  signIn: {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    summary: 'Sign in with email and password',
    description: `Handled by better-auth: 401 for a wrong email or password, 403 for an unconfirmed email, both as \`{ code, message }\`. ${bearerNote} Failed sign-ins are also limited per account.`,
    tags: ['auth'],
    auth: 'none',
    idempotent: false,
    rateLimit: 'signIn',
    body: signInBody,
    responses: {
      200: z.looseObject({ redirect: z.boolean(), token: z.string(), user: authUser }),
      401: authErrorSchema,
      403: authErrorSchema,
    },
    errors: [],
  },
  signOut: {
    method: 'POST',
    path: '/api/auth/sign-out',
    summary: 'End the current session',
    description: 'Handled by better-auth.',
    tags: ['auth'],
    auth: 'none',
    idempotent: false,
    rateLimit: 'authSession',
    responses: { 200: z.looseObject({ success: z.boolean() }) },
    errors: [],
  },
  getSession: {
    method: 'GET',
    path: '/api/auth/get-session',
    summary: 'The current session and its account, or null',
    description: 'Handled by better-auth.',
    tags: ['auth'],
    auth: 'none',
    idempotent: false,
    rateLimit: 'authSession',
    responses: {
      200: z
        .looseObject({
          session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
          user: authUser,
        })
        .nullable(),
    },
    errors: [],
  },
  signInWithTelegram: {
    method: 'POST',
    path: '/api/auth/telegram',
    summary: 'Sign in (or open an account) from the Telegram Mini App with its signed initData',
    description: bearerNote,
    tags: ['auth'],
    auth: 'none',
    idempotent: false,
    rateLimit: 'telegramSignIn',
    body: telegramSignInInput,
    responses: { 200: telegramSignInResponse },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'UNAUTHENTICATED'],
  },
  getHealth: {
    method: 'GET',
    path: '/api/health',
    summary: 'Readiness (same as /api/health/ready)',
    tags: ['operations'],
    auth: 'none',
    idempotent: false,
    rateLimit: null,
    responses: { 200: healthResponse, 503: healthResponse },
    errors: [],
  },
  getReadiness: {
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Whether the database, the realtime connection and Redis answer (503 otherwise)',
    tags: ['operations'],
    auth: 'none',
    idempotent: false,
    rateLimit: null,
    responses: { 200: healthResponse, 503: healthResponse },
    errors: [],
  },
  getLiveness: {
    method: 'GET',
    path: '/api/health/live',
    summary: 'Whether the process answers',
    tags: ['operations'],
    auth: 'none',
    idempotent: false,
    rateLimit: null,
    responses: { 200: z.object({ ok: z.boolean() }) },
    errors: [],
  },
});
