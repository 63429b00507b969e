import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { bearerToken } from '../lib/session-credential.js';

/**
 * Cross-site request forgery, defence in depth beside SameSite=Lax cookies: a state-changing request that
 * is authenticated by the session cookie must come from an origin of ours (APP_URL and the other trusted
 * origins: the dev server, the native shells, TRUSTED_ORIGINS) or from Telegram's web client. Requests with
 * a bearer token (native, Telegram) carry no ambient authority and pass; so do requests without the cookie,
 * which act for nobody. Refused: 403 FORBIDDEN_ORIGIN, before any work.
 */
export const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** True when the request carries better-auth's session cookie (signed in, or was). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return SESSION_COOKIE.test(cookie ?? '');
}

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export function registerOriginCheck(app: FastifyInstance, { trustedOrigins }: { trustedOrigins: string[] }): void {
  const allowed = new Set(
    [...trustedOrigins, ...TELEGRAM_WEB_ORIGINS].map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        return origin;
      }
    }),
  );
  app.addHook('onRequest', (request, _reply, done) => {
    const refused =
      !SAFE_METHODS.has(request.method) &&
      !bearerToken(request.headers.authorization) &&
      SESSION_COOKIE.test(request.headers.cookie ?? '') &&
      !allowed.has(originOf(request) ?? '');
    done(refused ? new AppError('FORBIDDEN_ORIGIN') : undefined);
  });
}
