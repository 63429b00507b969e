import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { devicePushChannel, PushSettings } from './push-settings';

/**
 * The browser's side of Web Push, which happy-dom lacks: the permission, the service worker and its push
 * manager holding at most one subscription. The API is the contract's (testing/api.ts).
 */
let permission: NotificationPermission;
/** The browser's prompt: the fan allows, unless a test says otherwise. */
const requestPermission = vi.fn((): Promise<NotificationPermission> => Promise.resolve((permission = 'granted')));
let subscription: {
  endpoint: string;
  unsubscribe: ReturnType<typeof vi.fn>;
  toJSON: () => PushSubscriptionJSON;
} | null;
const aSubscription = (endpoint: string) => ({
  endpoint,
  options: { applicationServerKey: null },
  unsubscribe: vi.fn(() => {
    subscription = null;
    return Promise.resolve(true);
  }),
  toJSON: () => ({ endpoint, keys: { p256dh: 'p256dh-of-browser', auth: 'auth-of-browser' } }),
});

beforeEach(() => {
  permission = 'default';
  subscription = null;
  requestPermission.mockImplementation(() => Promise.resolve((permission = 'granted')));
  const pushManager = {
    getSubscription: () => Promise.resolve(subscription),
    subscribe: vi.fn(() => Promise.resolve((subscription = aSubscription('https://push.example/new')))),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(() => Promise.resolve(registration)),
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    },
  });
  // A VAPID public key (65 bytes, base64url), as the server gives it.
  server.use(answer('getPushConfig', { webPushPublicKey: btoa('k'.repeat(65)).replace(/=+$/, '') }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const show = (language: 'en' | 'ka' = 'en') => renderWithProviders(<PushSettings channel="web" />, { language });
const pushSwitch = (name = 'Push notifications in this browser') => screen.getByRole('switch', { name });

describe('push settings in the browser', () => {
  it('offers Web Push where the browser can receive it, and nowhere else', () => {
    expect(devicePushChannel()).toBe('web');
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    expect(devicePushChannel()).toBeNull();
  });

  it('shows the switch off until this browser is subscribed, then turns it on from a tap and tells the server', async () => {
    const { user } = await show();
    await expect.poll(() => pushSwitch().getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => pushSwitch()).toHaveProperty('disabled', false);

    await user.click(pushSwitch());
    expect(await screen.findByText('Push notifications are on for this device')).toBeTruthy();
    expect(pushSwitch().getAttribute('aria-checked')).toBe('true');
    expect(lastRequestTo('saveWebPushSubscription').body).toEqual({
      endpoint: 'https://push.example/new',
      keys: { p256dh: 'p256dh-of-browser', auth: 'auth-of-browser' },
    });
  });

  it('shows a subscribed browser as on, and turning it off forgets the subscription here and on the server', async () => {
    permission = 'granted';
    const existing = aSubscription('https://push.example/old');
    subscription = existing;
    const { user } = await show('ka');
    const named = 'Push-შეტყობინებები ამ ბრაუზერში';
    await expect.poll(() => pushSwitch(named).getAttribute('aria-checked')).toBe('true');

    await user.click(pushSwitch(named));
    expect(await screen.findByText('Push-შეტყობინებები ამ მოწყობილობაზე გამორთულია')).toBeTruthy();
    expect(pushSwitch(named).getAttribute('aria-checked')).toBe('false');
    expect(lastRequestTo('deleteWebPushSubscription').body).toEqual({ endpoint: 'https://push.example/old' });
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
  });

  it('says notifications are blocked, with the switch held, when the fan has blocked them', async () => {
    permission = 'denied';
    await show();
    expect(
      await screen.findByText('Notifications are blocked for this app. Allow them in your device or browser settings.'),
    ).toBeTruthy();
    expect(pushSwitch()).toHaveProperty('disabled', true);
  });

  it('stays off and says why when the fan declines the browser’s prompt', async () => {
    requestPermission.mockImplementation(() => Promise.resolve((permission = 'denied')));
    const { user } = await show();
    await expect.poll(() => pushSwitch()).toHaveProperty('disabled', false);
    await user.click(pushSwitch());
    expect(
      await screen.findByText('Notifications are blocked for this site. Allow them in your browser settings.'),
    ).toBeTruthy();
    expect(pushSwitch().getAttribute('aria-checked')).toBe('false');
    expect(requestsTo('saveWebPushSubscription')).toHaveLength(0);
  });

  it('stays off and says so when the server has no push keys', async () => {
    server.use(answer('getPushConfig', { webPushPublicKey: null }));
    const { user } = await show();
    await expect.poll(() => pushSwitch()).toHaveProperty('disabled', false);
    await user.click(pushSwitch());
    expect(await screen.findByText('Push notifications are not available on this server yet.')).toBeTruthy();
    expect(pushSwitch().getAttribute('aria-checked')).toBe('false');
  });
});
