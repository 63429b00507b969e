import { operations } from '@burti/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql as sqlTag } from 'drizzle-orm';
import { type Db, queryPrepared, statement } from '../db/client.js';
import { profiles } from '../db/schema/index.js';
import { CLIENT_IP_HEADER, type Auth, SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '../lib/auth.js';
import { headersFor, type SessionCredential, sessionCredential } from '../lib/session-credential.js';
import { databaseAway } from '../lib/unavailable.js';
import type { Realtime } from '../lib/realtime.js';
import { ViewerCache } from '../lib/viewer-cache.js';
import { followViewerRevocations } from '../lib/viewer-revocation.js';
import { authGuardRouteOptions } from './auth-guard.js';
import { route } from './contract.js';
import type { Viewer } from './viewer.js';

// The viewer and the guards live in viewer.ts, which the contract's route() uses too.
export { activeViewer, administrator, signedIn, type Viewer } from './viewer.js';

function requestHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Auth calls that only ever create sessions; every other write may end some, so the cache starts over. */
const CREATES_SESSIONS_ONLY = /^\/api\/auth\/(sign-in|sign-up)\//;

/** Mounts better-auth under /api/auth and gives routes a way to find the signed-in viewer. */
export async function registerAuth(
  app: FastifyInstance,
  {
    auth,
    db,
    realtime,
    appUrl,
    viewerCacheMs,
  }: { auth: Auth; db: Db; realtime: Realtime; appUrl: string; viewerCacheMs: number },
): Promise<void> {
  const cache = new ViewerCache<Viewer>(viewerCacheMs);
  // Every instance's revocations reach this cache through the realtime bus.
  const unfollow = followViewerRevocations(realtime, db, cache);
  const sessionCookie = (await auth.$context).authCookies.sessionToken.name;
  // Refreshes run beside the requests that started them: shutdown waits for them, or they would query a
  // database that main.ts closes right after the server.
  const refreshes = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    unfollow();
    await Promise.allSettled(refreshes);
  });

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null;
    // Sign-out, revocations and password resets end sessions: forget every remembered viewer first.
    if (request.method !== 'GET' && !CREATES_SESSIONS_ONLY.test(request.url)) cache.clear();
    const response = await auth.handler(
      new Request(new URL(request.url, appUrl), {
        method: request.method,
        headers: requestHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    // better-auth answers a failed query with an empty 500: with the database away, the caller is told so (503).
    if (response.status >= 500) {
      const away = await databaseAway(db);
      if (away) throw away;
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    // better-auth's own JSON, as a string: no response schema rewrites it.
    return reply.send(response.body ? await response.text() : null);
  }
  const guard = authGuardRouteOptions({ db });
  // The calls a client needs to sign up, in and out are documented operations; better-auth limits them itself
  // (their limits say `by: 'better-auth'`).
  for (const op of [operations.signUp, operations.signIn, operations.signOut, operations.getSession]) {
    route(app, op, handler, guard);
  }
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, ...guard, handler });

  const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  app.decorate('findViewer', (request: FastifyRequest): Promise<Viewer | null> => {
    let found = viewers.get(request);
    if (!found) {
      const credential = sessionCredential(request.headers, sessionCookie);
      if (!credential) found = Promise.resolve(null);
      else {
        const lookup = (remembered?: Viewer) =>
          cache.lookup(credential.key, async () => {
            if (remembered) {
              const checked = await recheckSession(db, remembered.sessionId);
              if (checked !== 'due') return checked;
            }
            const session = await auth.api.getSession({
              headers: headersFor(credential, requestHeaders(request), sessionCookie),
            });
            // Remembered under this credential only if it is the one the session was found by.
            if (!session || !isTokenOf(credential, session.session.token)) return null;
            const [profile] = await db.select().from(profiles).where(eq(profiles.id, session.user.id)).limit(1);
            if (!profile) return null;
            const viewer: Viewer = {
              id: profile.id,
              email: session.user.email,
              nickname: profile.nickname,
              isAdmin: profile.isAdmin,
              isBlocked: profile.isBlocked,
              sessionId: session.session.id,
            };
            return { viewer, userId: viewer.id, sessionExpiresAt: new Date(session.session.expiresAt).getTime() };
          });
        const hit = cache.get(credential.key);
        if (!hit) found = lookup();
        // Remembered past its bound, or while this process may be missing revocations (its LISTEN connection is
        // away): the session the credential belongs to is looked up again, before answering.
        else if (hit.stale || !realtime.listening()) found = lookup(hit.viewer);
        else {
          if (hit.refresh) {
            // Still within its bound: answer from memory and look the session up again beside this request.
            const refresh = lookup(hit.viewer)
              .catch((err: unknown) => request.log.warn({ err }, 'refreshing a remembered viewer failed'))
              .finally(() => refreshes.delete(refresh));
            refreshes.add(refresh);
          }
          found = Promise.resolve(hit.viewer);
        }
      }
      viewers.set(request, found);
    }
    return found;
  });
}

/** A signed credential is `token.signature` (URL-encoded in a cookie); an unsigned bearer token is the token. */
function isTokenOf(credential: SessionCredential, token: string): boolean {
  let value = credential.value;
  try {
    value = decodeURIComponent(value);
  } catch {
    return false;
  }
  return (value.split('.')[0] ?? '') === token;
}

type Remembered = { viewer: Viewer; userId: string; sessionExpiresAt: number };

/**
 * A remembered viewer's session looked up again by its id, in one statement: still there and unexpired, with the
 * profile as it is now; null once it has ended. The credential was verified when the viewer was first looked up,
 * so only revocation and the profile can have changed. 'due' when the session is old enough for better-auth to
 * extend it: the full lookup then runs, so an active fan's session keeps being extended.
 */
async function recheckSession(db: Db, sessionId: string): Promise<Remembered | null | 'due'> {
  const [row] = await queryPrepared<{
    email: string;
    id: string;
    nickname: string;
    is_admin: boolean;
    is_blocked: boolean;
    expires_ms: number;
    due: boolean;
  }>(
    db,
    statement(
      'auth.recheck',
      { sessionId, keep: SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS },
      (p) =>
        sqlTag`select u.email, pr.id, pr.nickname, pr.is_admin, pr.is_blocked,
          (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
          s.expires_at <= now() + make_interval(secs => ${p.keep}) as due
        from session s join "user" u on u.id = s.user_id join profiles pr on pr.id = s.user_id
        where s.id = ${p.sessionId} and s.expires_at > now()`,
    ),
  );
  if (!row) return null;
  if (row.due) return 'due';
  const viewer: Viewer = {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    isAdmin: row.is_admin,
    isBlocked: row.is_blocked,
    sessionId,
  };
  return { viewer, userId: row.id, sessionExpiresAt: row.expires_ms };
}

declare module 'fastify' {
  interface FastifyInstance {
    findViewer(request: FastifyRequest): Promise<Viewer | null>;
  }
}
