import { createHash } from 'node:crypto';

/**
 * The one credential a request can be signed in by, picked the way better-auth verifies it: a bearer token
 * (`Authorization: Bearer <token>`, the scheme the native and Telegram clients are given) wins; otherwise the
 * session cookie, by its exact name. An `Authorization` header of any other scheme (`Basic`, as a site behind an
 * operator's password sends, `Token`, an empty `Bearer`) is no credential of ours and is ignored.
 *
 * A request's viewer is looked up from this credential alone (`headersFor`) and remembered under its hash
 * (`key`), so what is remembered was verified from exactly the value it is keyed on: a header the server did not
 * verify can never find a viewer another credential was verified for.
 */
export type SessionCredential = { kind: 'bearer' | 'cookie'; value: string; key: string };

const BEARER = /^bearer\s+(\S.*)$/i;

export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization ? BEARER.exec(authorization.trim())?.[1]?.trim() : undefined;
}

/** The value of one cookie in a `Cookie` header; the first one when a client sent the name twice. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

export function sessionCredential(
  headers: { authorization?: string; cookie?: string },
  sessionCookieName: string,
): SessionCredential | undefined {
  const bearer = bearerToken(headers.authorization);
  if (bearer) return { kind: 'bearer', value: bearer, key: hashed('b', bearer) };
  const cookie = cookieValue(headers.cookie, sessionCookieName);
  if (cookie) return { kind: 'cookie', value: cookie, key: hashed('c', cookie) };
  return undefined;
}

/** Request headers that carry this credential and no other, for the session lookup that verifies it. */
export function headersFor(credential: SessionCredential, headers: Headers, sessionCookieName: string): Headers {
  const only = new Headers(headers);
  only.delete('authorization');
  only.delete('cookie');
  if (credential.kind === 'bearer') only.set('authorization', `Bearer ${credential.value}`);
  else only.set('cookie', `${sessionCookieName}=${credential.value}`);
  return only;
}

function hashed(kind: string, value: string): string {
  return createHash('sha256').update(kind).update('\0').update(value).digest('base64url');
}
