import { makeSignature } from 'better-auth/crypto';
import type { Auth } from '../../lib/auth.js';

export type IssuedSession = {
  /** The signed session token: what `Authorization: Bearer …` takes (the same value as `set-auth-token`). */
  token: string;
  /** The better-auth session cookie, as a Set-Cookie header value. */
  cookie: string;
};

function serializeCookie(
  name: string,
  value: string,
  attributes: {
    maxAge?: number;
    domain?: string;
    path?: string;
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: string;
    partitioned?: boolean;
  },
): string {
  const parts = [`${name}=${value}`];
  if (typeof attributes.maxAge === 'number') parts.push(`Max-Age=${Math.floor(attributes.maxAge)}`);
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  parts.push(`Path=${attributes.path ?? '/'}`);
  if (attributes.httpOnly) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  if (attributes.sameSite) {
    const sameSite = attributes.sameSite.toLowerCase();
    parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  }
  if (attributes.partitioned) parts.push('Partitioned');
  return parts.join('; ');
}

/**
 * Starts a better-auth session for an account that proved itself outside better-auth's own endpoints (the
 * Telegram init data). The session row comes from better-auth's internal adapter, and the cookie carries the
 * token signed the way better-auth signs it (`token.HMAC-SHA256(secret)`, better-auth's own makeSignature),
 * under its cookie name and attributes, so getSession accepts it like a password sign-in's.
 */
export async function issueSession(
  auth: Auth,
  userId: string,
  client: { ipAddress: string; userAgent: string },
): Promise<IssuedSession> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, {
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
  });
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  const { name, attributes } = context.authCookies.sessionToken;
  // Telegram Web shows the Mini App in a third-party iframe, where browsers drop a SameSite=Lax cookie and, when
  // third-party cookies are blocked, web storage too. A partitioned cookie (CHIPS) is kept there, for that
  // embedding only, so the session outlives a reload even where the bearer token cannot be stored. It needs
  // SameSite=None and Secure (browsers accept Secure from http://localhost and 127.0.0.1 in development).
  const cookie = serializeCookie(name, encodeURIComponent(signed), {
    ...attributes,
    sameSite: 'none',
    secure: true,
    partitioned: true,
    maxAge: context.sessionConfig.expiresIn,
  });
  return { token: signed, cookie };
}
