import { signInBody, signUpBody } from '@burti/shared';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../lib/common-passwords.js';
import { AppError } from '../lib/errors.js';
import { accountKey, createSignInLimiter, type SignInLimiter } from '../lib/sign-in-limiter.js';

/**
 * Checks on /api/auth/* before better-auth sees a request: the body's shape and types per endpoint (the
 * library trusts them and answered some malformed bodies with 500), no profile picture set through
 * update-user (avatars are uploaded and re-encoded by /api/me/avatar), no common password, and the
 * per-account sign-in limit. Anything refused here is a 400 (or 429) in the API's error shape.
 */
export const AUTH_BODY_LIMIT = 64 * 1024;

const text = (max: number) => z.string().max(max);
const email = text(254);
const password = text(1024);
const url = text(2048).optional();
const flag = z.boolean().optional();
const noImage = z
  .unknown()
  .optional()
  .refine((value) => value === undefined, 'Profile pictures are changed by uploading a photo on your profile.');

const BODIES: Record<string, z.ZodType> = {
  // The operations the API reference documents, as the contract declares them (a picture is never taken here).
  '/sign-up/email': signUpBody.extend({ image: noImage }).strict(),
  '/sign-in/email': signInBody,
  '/send-verification-email': z.object({ email, callbackURL: url }).strict(),
  '/request-password-reset': z.object({ email, redirectTo: url }).strict(),
  '/reset-password': z.object({ newPassword: password, token: text(512).optional() }).strict(),
  '/change-password': z
    .object({ newPassword: password, currentPassword: password, revokeOtherSessions: flag })
    .strict(),
  '/update-user': z.object({ name: text(64).optional(), image: noImage }).strict(),
  '/change-email': z.object({ newEmail: email, callbackURL: url }).strict(),
  '/delete-user': z.object({ callbackURL: url, password: password.optional(), token: text(512).optional() }).strict(),
  '/revoke-session': z.object({ token: text(512) }).strict(),
};
/** Any other endpoint: nothing but a flat object of short plain values. */
const ANY_BODY = z.record(z.string(), z.union([text(2048), z.number(), z.boolean(), z.null()]));

const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

function endpointOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.slice('/api/auth'.length);
}

function checkBody(request: FastifyRequest): void {
  const endpoint = endpointOf(request);
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new AppError('VALIDATION', 'The request body must be an object.');
  (BODIES[endpoint] ?? ANY_BODY).parse(body);
  const field = NEW_PASSWORD_FIELD[endpoint];
  const chosen = field ? (body as Record<string, unknown>)[field] : undefined;
  if (field && typeof chosen === 'string' && isCommonPassword(chosen)) {
    throw new AppError('PASSWORD_TOO_COMMON', undefined, { [field]: COMMON_PASSWORD_MESSAGE });
  }
}

const accounts = new WeakMap<FastifyRequest, string>();

function minutes(seconds: number): string {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return count === 1 ? '1 minute' : `${count} minutes`;
}

export function authGuardRouteOptions({ db }: { db: Db }): RouteShorthandOptions {
  const limiter: SignInLimiter = createSignInLimiter(db);
  return {
    bodyLimit: AUTH_BODY_LIMIT,
    preValidation(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
      try {
        if (request.method === 'POST') checkBody(request);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      if (request.method !== 'POST' || endpointOf(request) !== '/sign-in/email' || !request.server.rateLimitsEnabled) {
        return;
      }
      const account = accountKey((request.body as { email: string }).email);
      const wait = await limiter.lockedFor(account);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-ins for this account. Please wait ${minutes(wait)} and try again, or reset your password.`,
        );
      }
      accounts.set(request, account);
    },
    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const account = accounts.get(request);
      if (!account) return payload;
      // 401 is a wrong email or password; 403 (a correct password on an unconfirmed account) is not a guess.
      if (reply.statusCode === 401) await limiter.recordFailure(account);
      else if (reply.statusCode === 200) await limiter.clear(account);
      return payload;
    },
  };
}
