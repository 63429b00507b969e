import { eq } from 'drizzle-orm';
import type * as dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.js';
import { notificationTokens, webPushSubscriptions } from '../../db/schema/index.js';
import { endpointProblem, publicOnlyLookup } from '../../lib/push/endpoint-guard.js';
import { createSubscriber } from '../../lib/push/testing.js';
import { sendWebPush } from '../../lib/push/web-push.js';

/**
 * The resolver this machine would use, with names of our own: a public push service, a name an attacker points
 * at the private network, and one that moves from public to private between two lookups (DNS rebinding).
 */
const dnsNames = vi.hoisted(() => new Map<string, string[]>());
vi.mock('node:dns', async (original) => {
  const real = await original<typeof dns>();
  type Callback = (error: NodeJS.ErrnoException | null, addresses: { address: string; family: number }[]) => void;
  const lookup = (hostname: string, options: unknown, callback: Callback) => {
    const addresses = dnsNames.get(hostname);
    if (!addresses) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return process.nextTick(() => callback(error, []));
    }
    const next = addresses.length > 1 ? [addresses.shift()!] : addresses;
    process.nextTick(() =>
      callback(
        null,
        next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      ),
    );
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

let t: TestApp;
beforeAll(async () => {
  dnsNames.set('push.public.example', ['142.250.74.10']);
  dnsNames.set('push.internal.example', ['10.20.30.40']);
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const publicEndpoint = (device: string) => `https://push.public.example/send/${device}`;

describe('Web Push endpoints', () => {
  it('refuses loopback, private, link-local (metadata) and plain-http endpoints, and names resolving to them', async () => {
    const [fan] = await t.createFans(1);
    const refused = [
      'http://127.0.0.1/push/1',
      'https://127.0.0.1/push/1',
      'https://10.0.0.1/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push/1',
      'https://[::ffff:192.168.1.1]/push/1',
      'https://localhost/push/1',
      'https://push.internal.example/push/1',
      'http://push.public.example/push/1',
    ];
    for (const endpoint of refused) {
      const response = await fan!.put('/api/push/web-subscription', createSubscriber(endpoint).subscription);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.code, endpoint).toBe('VALIDATION');
    }
    expect(await t.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.userId, fan!.userId))).toEqual(
      [],
    );

    const ok = await fan!.put('/api/push/web-subscription', createSubscriber(publicEndpoint('ok')).subscription);
    expect(ok.statusCode).toBe(204);
  });

  it('checks again at send time, after resolving, and never contacts a name that now points inside', async () => {
    const vapid = {
      publicKey: 'BPqoXt0uM9QjKfXrnE5o_mXj0Yd3b8_JW6t2sr3rZ0D0yN8lC1mRjPqU4vE9Wj6s0aH2cL7fN1kS3dG5hT8yQ2o',
      privateKey: 'x',
      subject: 'mailto:push@burti.test',
    };
    const transport = vi.fn(() => Promise.resolve({ statusCode: 201 }));
    const { subscription } = createSubscriber('https://push.internal.example/send/1');
    const payload = { type: 'like', title: 'Burti', body: 'liked' } as never;
    expect(await sendWebPush(subscription, payload, vapid, transport)).toBe('gone');
    expect(
      await sendWebPush({ ...subscription, endpoint: 'https://169.254.169.254/x' }, payload, vapid, transport),
    ).toBe('gone');
    expect(transport).not.toHaveBeenCalled();
    // A name that does not resolve now is retried later rather than dropped.
    await expect(
      sendWebPush({ ...subscription, endpoint: 'https://nowhere.example/x' }, payload, vapid, transport),
    ).rejects.toThrow(/does not resolve/);
    // The test-only setting lets a local push service through.
    expect(await endpointProblem('http://127.0.0.1:9/push', { allowLocal: true })).toBeNull();
  });

  it('fails the connection itself when the name resolves inside by then (rebinding)', async () => {
    dnsNames.set('push.rebind.example', ['142.250.74.11', '192.168.0.10']);
    expect(await endpointProblem('https://push.rebind.example/x')).toBeNull();
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('push.rebind.example', { family: 0 }, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('ENOTPUBLIC');
  });
});

describe('signing out and deleting the account', () => {
  it('sign-out removes this device’s native token and browser subscription, and only this device’s', async () => {
    const fan = await t.createUser();
    const phone = await signIn(t.app, fan.email, fan.password);
    const laptop = await signIn(t.app, fan.email, fan.password);
    const phoneToken = `fcm-phone-${fan.userId}`;
    const laptopEndpoint = publicEndpoint(`laptop-${fan.userId}`);
    const otherEndpoint = publicEndpoint(`other-${fan.userId}`);
    expect((await phone.put('/api/push/tokens', { token: phoneToken, platform: 'ios' })).statusCode).toBe(204);
    expect(
      (await laptop.put('/api/push/web-subscription', createSubscriber(laptopEndpoint).subscription)).statusCode,
    ).toBe(204);
    expect((await fan.put('/api/push/web-subscription', createSubscriber(otherEndpoint).subscription)).statusCode).toBe(
      204,
    );

    expect((await phone.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect(await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, phoneToken))).toEqual([]);
    expect((await laptop.post('/api/auth/sign-out')).statusCode).toBe(200);
    const left = await t.db
      .select({ endpoint: webPushSubscriptions.endpoint })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.userId, fan.userId));
    // The first session's browser is still signed in and keeps its notifications.
    expect(left).toEqual([{ endpoint: otherEndpoint }]);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
  });

  it('sign-out by bearer token (Telegram Web, native) removes that device’s token and revokes the token', async () => {
    const [fan] = await t.createFans(1);
    const token = `fcm-native-${fan!.userId}`;
    expect((await fan!.put('/api/push/tokens', { token, platform: 'android' })).statusCode).toBe(204);
    expect((await fan!.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect(await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, token))).toEqual([]);
    expect((await fan!.get('/api/me')).statusCode).toBe(401);
  });

  it('deleting the account removes every device of it', async () => {
    const fan = await t.createUser();
    const other = await signIn(t.app, fan.email, fan.password);
    await fan.put('/api/push/tokens', { token: `fcm-a-${fan.userId}`, platform: 'android' });
    await other.put('/api/push/tokens', { token: `fcm-b-${fan.userId}`, platform: 'ios' });
    await other.put('/api/push/web-subscription', createSubscriber(publicEndpoint(`del-${fan.userId}`)).subscription);
    const deleted = await fan.delete('/api/me');
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await t.db.select().from(notificationTokens).where(eq(notificationTokens.userId, fan.userId))).toEqual([]);
    expect(await t.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.userId, fan.userId))).toEqual(
      [],
    );
  });
});
