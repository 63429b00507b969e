// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerWebPush } from './register-web-push';

vi.mock('../../../lib/platform', () => ({ platform: 'web' }));

/** The server's VAPID public key (65 bytes, base64url) and the bytes the browser must be given. */
const keyBytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
const publicKey = btoa(String.fromCharCode(...keyBytes))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

type FakeSubscription = {
  options: { applicationServerKey: ArrayBuffer | null };
  unsubscribe: ReturnType<typeof vi.fn>;
  toJSON: () => PushSubscriptionJSON;
};

function fakeSubscription(endpoint: string, key: Uint8Array): FakeSubscription {
  return {
    options: { applicationServerKey: key.slice().buffer },
    unsubscribe: vi.fn(() => Promise.resolve(true)),
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256dh-of-browser', auth: 'auth-of-browser' } }),
  };
}

let existing: FakeSubscription | null;
let permission: NotificationPermission;
const subscribe = vi.fn((options: { applicationServerKey: Uint8Array }) =>
  Promise.resolve(fakeSubscription('https://push.example/new', options.applicationServerKey)),
);
const register = vi.fn(() => Promise.resolve({}));
const requests: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  existing = null;
  permission = 'default';
  requests.length = 0;
  subscribe.mockClear();
  register.mockClear();
  const registration = { pushManager: { getSubscription: () => Promise.resolve(existing), subscribe } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: vi.fn(() => Promise.resolve((permission = 'granted'))),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      requests.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(init.body as string) : null });
      if (url === '/api/push/config') return Promise.resolve(Response.json({ webPushPublicKey: publicKey }));
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registerWebPush', () => {
  it('asks permission, subscribes with the server key and stores the subscription', async () => {
    expect(await registerWebPush()).toBe('subscribed');
    expect(register).toHaveBeenCalledWith('/sw.js');
    expect([...subscribe.mock.calls[0]![0].applicationServerKey]).toEqual([...keyBytes]);
    expect(subscribe.mock.calls[0]![0]).toMatchObject({ userVisibleOnly: true });
    expect(requests.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/push/web-subscription',
      body: {
        endpoint: 'https://push.example/new',
        keys: { p256dh: 'p256dh-of-browser', auth: 'auth-of-browser' },
      },
    });
  });

  it('reuses a subscription made with the same key, and replaces one made with another', async () => {
    permission = 'granted';
    existing = fakeSubscription('https://push.example/same', keyBytes);
    await registerWebPush();
    expect(subscribe).not.toHaveBeenCalled();
    expect((requests.at(-1)!.body as { endpoint: string }).endpoint).toBe('https://push.example/same');

    const stale = fakeSubscription('https://push.example/stale', new Uint8Array(65));
    existing = stale;
    await registerWebPush();
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect((requests.at(-1)!.body as { endpoint: string }).endpoint).toBe('https://push.example/new');
  });

  it('stops when the fan declines, and stores nothing', async () => {
    permission = 'denied';
    expect(await registerWebPush()).toBe('denied');
    expect(register).not.toHaveBeenCalled();
    expect(requests.map((request) => request.url)).toEqual(['/api/push/config']);
  });
});
