import { and, eq } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { notifications, notificationTokens, profiles, session, webPushSubscriptions } from '../../db/schema/index.js';
import type { PushRetryJob } from '../../lib/push/queue.js';
import {
  createServiceAccountKey,
  createSubscriber,
  fetchTransport,
  startRecordingServer,
  type RecordedRequest,
} from '../../lib/push/testing.js';
import { createPushSenders, deliverPush, type DeliverArgs } from './push.delivery.js';

let t: TestApp;
let provider: Awaited<ReturnType<typeof startRecordingServer>>;
/** Status the fake push service answers per endpoint path (201 when unset). */
const pushStatus = new Map<string, number>();
let fcmDown = false;

type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
const BOT_TOKEN = '4242:push-test';

beforeAll(async () => {
  // One local server plays every provider: push service (/push/...), Google (/token, /v1/...), Telegram (/bot...).
  provider = await startRecordingServer((request) => {
    if (request.path === '/token') return { status: 200, json: { access_token: 'ya29.local', expires_in: 3600 } };
    if (request.path.startsWith('/v1/')) {
      const { token } = (JSON.parse(request.body.toString()) as { message: { token: string } }).message;
      if (token.startsWith('unregistered')) {
        return {
          status: 404,
          json: { error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } },
        };
      }
      return fcmDown ? { status: 503, json: {} } : { status: 200, json: { name: 'projects/p/messages/1' } };
    }
    if (request.path.startsWith('/bot')) {
      return { status: 200, json: { ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } } };
    }
    return { status: pushStatus.get(request.path) ?? 201 };
  });
  // The fake push service listens on 127.0.0.1: local endpoints are allowed for this file. The app has a bot to
  // send from (the Settings switch for its messages is offered only then).
  t = await createTestApp({
    push: { allowLocalWebPushEndpoints: true, telegram: { botToken: BOT_TOKEN, apiRoot: provider.url } },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

function inject(fan: Fan | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: fan?.headers ?? { origin: 'http://localhost:3000' } });
}

async function likeNotification(author: Fan, fan: Fan): Promise<string> {
  const postId = (await author.post('/api/posts', { text: 'Dinamo 2:0' })).json<{ post: { id: string } }>().post.id;
  expect((await fan.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
  const [row] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.postId, postId), eq(notifications.actorId, fan.userId)));
  return row!.id;
}

describe('push registration routes', () => {
  it('refuse anonymous callers', async () => {
    const subscription = createSubscriber('https://push.example/anon').subscription;
    const calls = [
      inject(null, 'GET', '/api/push/config'),
      inject(null, 'PUT', '/api/push/web-subscription', subscription),
      inject(null, 'DELETE', '/api/push/web-subscription', { endpoint: subscription.endpoint }),
      inject(null, 'PUT', '/api/push/tokens', { token: 'native-token-anonymous', platform: 'android' }),
      inject(null, 'DELETE', '/api/push/tokens', { token: 'native-token-anonymous' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await t.db.select().from(webPushSubscriptions)).toHaveLength(0);
  });

  it('answers no public key when Web Push is not configured', async () => {
    const [fan] = await t.createFans(1);
    expect((await inject(fan!, 'GET', '/api/push/config')).json()).toEqual({ webPushPublicKey: null });
  });

  it('stores a browser subscription per endpoint, moving it to another account once the registering session ended', async () => {
    const [a, b] = await t.createFans(2);
    const first = createSubscriber('https://push.example/send/device-1').subscription;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/push/web-subscription',
      payload: first,
      headers: { ...a!.headers, 'user-agent': 'Firefox/140' },
    });
    expect(put.statusCode).toBe(204);
    const renewed = { ...first, keys: createSubscriber(first.endpoint).subscription.keys };
    // While A's session lives, the device is A's: B learning the endpoint cannot take A's notifications.
    const taken = await inject(b!, 'PUT', '/api/push/web-subscription', renewed);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('CONFLICT');
    await t.db.delete(session).where(eq(session.userId, a!.userId));
    expect((await inject(b!, 'PUT', '/api/push/web-subscription', renewed)).statusCode).toBe(204);

    const rows = await t.db
      .select()
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.endpoint, first.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: b!.userId, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });

    // Only the owner can remove it.
    const [other] = await t.createFans(1);
    expect(
      (await inject(other!, 'DELETE', '/api/push/web-subscription', { endpoint: first.endpoint })).statusCode,
    ).toBe(204);
    expect(
      await t.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, first.endpoint)),
    ).toHaveLength(1);
    expect((await inject(b!, 'DELETE', '/api/push/web-subscription', { endpoint: first.endpoint })).statusCode).toBe(
      204,
    );
    expect(
      await t.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, first.endpoint)),
    ).toHaveLength(0);
  });

  it('refuses malformed subscriptions and tokens', async () => {
    const [fan] = await t.createFans(1);
    const bad = [
      inject(fan!, 'PUT', '/api/push/web-subscription', { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } }),
      inject(fan!, 'PUT', '/api/push/web-subscription', { endpoint: 'https://push.example/x' }),
      inject(fan!, 'PUT', '/api/push/tokens', { token: 'native-token-1234', platform: 'windows' }),
      inject(fan!, 'PUT', '/api/push/tokens', { token: 'short', platform: 'ios' }),
      inject(fan!, 'DELETE', '/api/push/tokens'),
    ];
    for (const response of await Promise.all(bad)) expect(response.statusCode).toBe(400);
  });

  it('upserts a native token on conflict: one row, platform, owner and updated_at refreshed', async () => {
    const [a, b, c] = await t.createFans(3);
    const token = `fcm-token-${crypto.randomUUID()}`;
    expect((await inject(a!, 'PUT', '/api/push/tokens', { token, platform: 'android' })).statusCode).toBe(204);
    const [before] = await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, token));
    await new Promise((resolve) => setTimeout(resolve, 20));

    // Someone else's token, learnt somehow, cannot be re-registered while the session that registered it lives.
    const stolen = await inject(b!, 'PUT', '/api/push/tokens', { token, platform: 'ios' });
    expect(stolen.statusCode).toBe(409);
    expect((await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, token)))[0]).toMatchObject({
      userId: a!.userId,
      platform: 'android',
    });
    // The owner re-registering is a refresh of the same row.
    expect((await inject(a!, 'PUT', '/api/push/tokens', { token, platform: 'android' })).statusCode).toBe(204);
    const [refreshed] = await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, token));
    expect(refreshed).toMatchObject({ id: before!.id, userId: a!.userId });
    expect(refreshed!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    // Once their session ends the device goes with it, and is free for the next account.
    await t.db.delete(session).where(eq(session.userId, a!.userId));
    expect(await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, token))).toHaveLength(0);
    expect((await inject(b!, 'PUT', '/api/push/tokens', { token, platform: 'ios' })).statusCode).toBe(204);
    const rows = await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, token));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: b!.userId, platform: 'ios' });

    expect((await inject(c!, 'DELETE', '/api/push/tokens', { token })).statusCode).toBe(204);
    expect(await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, token))).toHaveLength(1);
    expect((await inject(b!, 'DELETE', '/api/push/tokens', { token })).statusCode).toBe(204);
    expect(await t.db.select().from(notificationTokens).where(eq(notificationTokens.token, token))).toHaveLength(0);
  });

  it('keeps at most 20 devices per user and channel, forgetting the oldest', async () => {
    const [fan] = await t.createFans(1);
    for (let i = 0; i < 22; i++) {
      await inject(fan!, 'PUT', '/api/push/tokens', { token: `many-devices-${fan!.userId}-${i}`, platform: 'android' });
    }
    const rows = await t.db.select().from(notificationTokens).where(eq(notificationTokens.userId, fan!.userId));
    expect(rows).toHaveLength(20);
    expect(rows.map((row) => row.token)).not.toContain(`many-devices-${fan!.userId}-0`);
  });
});

describe('push delivery', () => {
  const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:push@burti.test' };
  const key = createServiceAccountKey();
  const retried: PushRetryJob[] = [];
  let args: DeliverArgs;
  beforeAll(() => {
    const senders = createPushSenders(
      {
        webPush: { ...vapid, transport: fetchTransport },
        fcm: {
          projectId: 'burti-test',
          clientEmail: 'push@burti-test.iam.gserviceaccount.com',
          privateKey: key.privateKey,
          endpoint: provider.url,
          tokenUrl: `${provider.url}/token`,
        },
        telegram: { botToken: BOT_TOKEN, apiRoot: provider.url },
        allowLocalWebPushEndpoints: true,
      },
      'https://burti.ge',
    );
    args = {
      db: t.db,
      senders,
      appName: 'Burti',
      log: t.app.log,
      retry: (job) => {
        retried.push(job);
        return Promise.resolve();
      },
    };
  });

  const requestsTo = (start: number, prefix: string): RecordedRequest[] =>
    provider.requests.slice(start).filter((request) => request.path.startsWith(prefix));

  it('delivers to every channel of the recipient: browsers, native tokens and Telegram', async () => {
    const [author, fan] = await t.createFans(2);
    await t.db.update(profiles).set({ telegramId: 987654321 }).where(eq(profiles.id, author!.userId));
    const laptop = createSubscriber(`${provider.url}/push/${author!.userId}/laptop`);
    const phone = createSubscriber(`${provider.url}/push/${author!.userId}/phone`);
    await inject(author!, 'PUT', '/api/push/web-subscription', laptop.subscription);
    await inject(author!, 'PUT', '/api/push/web-subscription', phone.subscription);
    await inject(author!, 'PUT', '/api/push/tokens', { token: `android-${author!.userId}`, platform: 'android' });
    const notificationId = await likeNotification(author!, fan!);
    const [actor] = await t.db.select().from(profiles).where(eq(profiles.id, fan!.userId));
    const nickname = actor!.nickname;
    const postId = (await t.db.select().from(notifications).where(eq(notifications.id, notificationId)))[0]!.postId;

    const start = provider.requests.length;
    await deliverPush(args, { notificationId });

    const expected = {
      type: 'like',
      post_id: postId,
      user_id: fan!.userId,
      user_nickname: nickname,
      title: 'Burti',
      body: `${nickname} liked your post`,
    };
    const pushes = requestsTo(start, `/push/${author!.userId}/`);
    expect(pushes.map((request) => request.path).sort()).toEqual([
      `/push/${author!.userId}/laptop`,
      `/push/${author!.userId}/phone`,
    ]);
    const to = (suffix: string) => pushes.find((request) => request.path.endsWith(suffix))!.body;
    expect(laptop.decrypt(to('laptop'))).toEqual(expected);
    expect(phone.decrypt(to('phone'))).toEqual(expected);

    const [fcm] = requestsTo(start, '/v1/projects/burti-test/messages:send');
    expect(JSON.parse(fcm!.body.toString()).message).toMatchObject({
      token: `android-${author!.userId}`,
      notification: { title: 'Burti', body: expected.body },
      data: { ...expected, post_id: postId },
    });
    const [telegram] = requestsTo(start, `/bot${BOT_TOKEN}/sendMessage`);
    expect(JSON.parse(telegram!.body.toString())).toMatchObject({ chat_id: 987654321, text: expected.body });
    expect(retried).toEqual([]);
  });

  it('deletes a browser subscription answered 410 and a token FCM calls UNREGISTERED', async () => {
    const [author, fan] = await t.createFans(2);
    const gone = createSubscriber(`${provider.url}/push/${author!.userId}/gone`);
    const alive = createSubscriber(`${provider.url}/push/${author!.userId}/alive`);
    pushStatus.set(`/push/${author!.userId}/gone`, 410);
    await inject(author!, 'PUT', '/api/push/web-subscription', gone.subscription);
    await inject(author!, 'PUT', '/api/push/web-subscription', alive.subscription);
    await inject(author!, 'PUT', '/api/push/tokens', { token: `unregistered-${author!.userId}`, platform: 'ios' });
    await inject(author!, 'PUT', '/api/push/tokens', { token: `registered-${author!.userId}`, platform: 'ios' });

    await deliverPush(args, { notificationId: await likeNotification(author!, fan!) });

    const subscriptions = await t.db
      .select({ endpoint: webPushSubscriptions.endpoint })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.userId, author!.userId));
    expect(subscriptions.map((row) => row.endpoint)).toEqual([alive.subscription.endpoint]);
    const tokens = await t.db
      .select({ token: notificationTokens.token })
      .from(notificationTokens)
      .where(eq(notificationTokens.userId, author!.userId));
    expect(tokens.map((row) => row.token)).toEqual([`registered-${author!.userId}`]);
    expect(retried).toEqual([]);
  });

  it('retries only the failed device, on its own, until it succeeds', async () => {
    const [author, fan] = await t.createFans(2);
    const flaky = createSubscriber(`${provider.url}/push/${author!.userId}/flaky`);
    const fine = createSubscriber(`${provider.url}/push/${author!.userId}/fine`);
    pushStatus.set(`/push/${author!.userId}/flaky`, 503);
    await inject(author!, 'PUT', '/api/push/web-subscription', flaky.subscription);
    await inject(author!, 'PUT', '/api/push/web-subscription', fine.subscription);
    await inject(author!, 'PUT', '/api/push/tokens', { token: `android-flaky-${author!.userId}`, platform: 'android' });
    const notificationId = await likeNotification(author!, fan!);
    const [flakyRow] = await t.db
      .select({ id: webPushSubscriptions.id })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.endpoint, flaky.subscription.endpoint));
    const [tokenRow] = await t.db
      .select({ id: notificationTokens.id })
      .from(notificationTokens)
      .where(eq(notificationTokens.userId, author!.userId));

    fcmDown = true;
    retried.length = 0;
    await deliverPush(args, { notificationId });
    fcmDown = false;
    expect(retried).toEqual(
      expect.arrayContaining([
        { notificationId, target: { channel: 'web', id: flakyRow!.id } },
        { notificationId, target: { channel: 'fcm', id: tokenRow!.id } },
      ]),
    );
    expect(retried).toHaveLength(2);

    // The retry of the browser goes to that browser alone, and throws (for the queue to retry) while it fails.
    const retry = retried.find((job) => job.target.channel === 'web')!;
    let start = provider.requests.length;
    await expect(deliverPush(args, retry)).rejects.toThrow(/503/);
    expect(requestsTo(start, '/').map((request) => request.path)).toEqual([`/push/${author!.userId}/flaky`]);

    pushStatus.delete(`/push/${author!.userId}/flaky`);
    start = provider.requests.length;
    await deliverPush(args, retry);
    const [delivered] = requestsTo(start, '/');
    expect(delivered!.path).toBe(`/push/${author!.userId}/flaky`);
    expect(flaky.decrypt(delivered!.body)).toMatchObject({ type: 'like', user_id: fan!.userId });
    expect(requestsTo(start, '/')).toHaveLength(1);
  });

  it("lets a Telegram fan turn the bot's messages off and on; others are not offered the switch", async () => {
    const [author, fan] = (await t.createFans(2)) as [Fan, Fan];
    // Signed up by email: no chat with the bot, so nothing to switch.
    expect((await inject(author, 'GET', '/api/push/telegram')).json()).toMatchObject({ available: false });
    const notLinked = await inject(author, 'PUT', '/api/push/telegram', { enabled: false });
    expect(notLinked.statusCode).toBe(409);
    expect(notLinked.json().error.code).toBe('TELEGRAM_NOT_LINKED');

    const chatId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
    await t.db.update(profiles).set({ telegramId: chatId }).where(eq(profiles.id, author.userId));
    expect((await inject(author, 'GET', '/api/push/telegram')).json()).toEqual({ available: true, enabled: true });
    expect((await inject(null, 'GET', '/api/push/telegram')).statusCode).toBe(401);
    for (const bad of [{}, { enabled: 'no' }, { enabled: false, extra: 1 }]) {
      const refused = await inject(author, 'PUT', '/api/push/telegram', bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION');
    }

    const off = await inject(author, 'PUT', '/api/push/telegram', { enabled: false });
    expect(off.json()).toEqual({ available: true, enabled: false });
    expect((await inject(author, 'GET', '/api/push/telegram')).json()).toEqual({ available: true, enabled: false });
    let start = provider.requests.length;
    await deliverPush(args, { notificationId: await likeNotification(author, fan) });
    expect(requestsTo(start, `/bot${BOT_TOKEN}/sendMessage`)).toEqual([]);

    expect((await inject(author, 'PUT', '/api/push/telegram', { enabled: true })).json().enabled).toBe(true);
    start = provider.requests.length;
    await deliverPush(args, { notificationId: await likeNotification(author, fan) });
    const sent = requestsTo(start, `/bot${BOT_TOKEN}/sendMessage`);
    expect(sent.map((request) => JSON.parse(request.body.toString()).chat_id)).toEqual([chatId]);
  });

  it('sends nothing for a notification that no longer exists', async () => {
    const start = provider.requests.length;
    await deliverPush(args, { notificationId: crypto.randomUUID() });
    expect(provider.requests.length).toBe(start);
  });
});
