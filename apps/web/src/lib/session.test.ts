// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

const shell = vi.hoisted(() => {
  const shell = { native: false };
  // What the native app gives its web view (lib/platform/native-shell.ts): Android's bridge object.
  Object.defineProperty(window, 'androidBridge', { configurable: true, get: () => (shell.native ? {} : undefined) });
  return shell;
});

let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;

async function load() {
  vi.resetModules();
  const session = await import('./session');
  const api = await import('./api');
  return { ...session, ...api };
}

beforeEach(() => {
  shell.native = false;
  sessionStorage.clear();
  localStorage.clear();
  delete window.Telegram;
  window.history.replaceState(null, '', '/');
  fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sentHeaders = (call = 0) => new Headers((fetchMock.mock.calls[call]![1] as RequestInit).headers);

describe('the session transport', () => {
  it('is the cookie in a browser tab: no token is kept or sent, even when a response offers one', async () => {
    const { transport, send, sessionToken } = await load();
    expect(transport).toBe('cookie');
    fetchMock.mockResolvedValueOnce(new Response('{}', { headers: { 'set-auth-token': 'tok.sig' } }));
    await send('GET', '/api/me', undefined, {});
    await send('GET', '/api/me', undefined, {});
    expect(sessionToken()).toBeNull();
    expect(sentHeaders(1).get('authorization')).toBeNull();
    expect((fetchMock.mock.calls[1]![1] as RequestInit).credentials).toBe('include');
  });

  it('is a bearer token inside Telegram: kept from set-auth-token, sent on every request, in sessionStorage only', async () => {
    window.Telegram = { WebApp: { initData: 'auth_date=1&hash=x', ready: vi.fn(), expand: vi.fn() } };
    const { transport, send, sessionToken } = await load();
    expect(transport).toBe('bearer');
    fetchMock.mockResolvedValueOnce(new Response('{}', { headers: { 'set-auth-token': 'tok.sig' } }));
    await send('POST', '/api/auth/telegram', { initData: 'x' }, {});
    await send('GET', '/api/me', undefined, {});
    expect(sessionToken()).toBe('tok.sig');
    expect(sentHeaders(1).get('authorization')).toBe('Bearer tok.sig');
    expect(sessionStorage.getItem('burti_session_token')).toBe('tok.sig');
    expect(localStorage.length).toBe(0);
    expect(String(fetchMock.mock.calls[1]![0])).not.toContain('tok');

    // The server no longer knows the token: it is dropped, so the app signs in anew rather than looping on it.
    fetchMock.mockResolvedValueOnce(new Response('{"error":{"code":"UNAUTHENTICATED"}}', { status: 401 }));
    await expect(send('GET', '/api/me', undefined, {})).rejects.toMatchObject({ status: 401 });
    expect(sessionToken()).toBeNull();
  });

  it('is a bearer token in a frame of another site (cookies of the app are not kept there)', async () => {
    const top = {
      get location(): Location {
        throw new DOMException('cross-origin', 'SecurityError');
      },
    };
    vi.spyOn(window, 'top', 'get').mockReturnValue(top as unknown as Window);
    const { transport } = await load();
    expect(transport).toBe('bearer');
  });

  it('is a bearer token in the native app, kept across launches in the app’s own storage', async () => {
    shell.native = true;
    const { transport, setSessionToken, authorizationHeader } = await load();
    expect(transport).toBe('bearer');
    setSessionToken('native.sig');
    expect(localStorage.getItem('burti_session_token')).toBe('native.sig');
    expect(authorizationHeader()).toEqual({ authorization: 'Bearer native.sig' });
  });
});
