/**
 * How this page keeps the fan's session: by the server's cookie where cookies work (the browser, an installed
 * web app), by a bearer token where they do not. Telegram Web opens the Mini App in a third-party iframe, where
 * the browser drops the SameSite=Lax cookie; the native app's page lives on capacitor://localhost or
 * https://localhost and calls the API on another origin. The mode is decided once per page, by the shell.
 *
 * The token is never put in a URL. In the browser shells it lives in sessionStorage (one launch of the Mini App;
 * it survives a reload, not a new launch) with memory as the fallback where the browser denies a third-party
 * frame any storage (then the partitioned cookie of the Telegram sign-in carries the session over a reload); in
 * the native app, whose web storage is private to the app, it lives in localStorage so the fan stays signed in
 * across launches.
 */
import { isNativeShell } from './platform/native-shell';
import { isTelegramLaunch } from './platform/telegram';

export type SessionTransport = 'cookie' | 'bearer';

const TOKEN_KEY = 'burti_session_token';

/** Inside a frame of another site (Telegram Web), first-party cookies of the app are not kept. */
function inCrossSiteFrame(): boolean {
  try {
    return window.top !== window.self && window.top?.location.origin !== window.location.origin;
  } catch {
    // Reading the parent's location throws exactly when the parent is another origin.
    return true;
  }
}

export function detectTransport(): SessionTransport {
  if (typeof window === 'undefined') return 'cookie';
  if (isNativeShell() || isTelegramLaunch() || inCrossSiteFrame()) return 'bearer';
  return 'cookie';
}

export const transport: SessionTransport = detectTransport();

function store(): Storage | null {
  try {
    return isNativeShell() ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

let memoryToken: string | null = null;
const listeners = new Set<(token: string | null) => void>();

export function sessionToken(): string | null {
  if (transport !== 'bearer') return null;
  try {
    return store()?.getItem(TOKEN_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

/** Keeps (or, with null, forgets) the bearer token. Ignored in cookie mode: the cookie is the session there. */
export function setSessionToken(token: string | null): void {
  if (transport !== 'bearer') return;
  if (token === sessionToken()) return;
  memoryToken = token;
  try {
    if (token) store()?.setItem(TOKEN_KEY, token);
    else store()?.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode, blocked third-party storage): memory keeps it for this page.
  }
  listeners.forEach((listener) => listener(token));
}

export function onSessionTokenChange(listener: (token: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The Authorization header of a request, when the session travels as a bearer token. */
export function authorizationHeader(): Record<string, string> {
  const token = sessionToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * `credentials` for fetch: cookies go along in both modes. In bearer mode they matter where the token cannot be
 * kept across a reload (a Telegram Web iframe denied all storage): the Telegram sign-in also sets a partitioned
 * cookie (CHIPS), kept for that embedding only, which then carries the session.
 */
export const fetchCredentials: RequestCredentials = 'include';

/** Keeps the token a response hands out (better-auth's bearer plugin and Telegram sign-in send `set-auth-token`). */
export function rememberTokenFrom(response: Response): void {
  const token = response.headers.get('set-auth-token');
  if (token) setSessionToken(token);
}
