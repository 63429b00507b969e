import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPushPayload } from './payload.js';
import { createSubscriber, fetchTransport, startRecordingServer } from './testing.js';
import { sendWebPush } from './web-push.js';

/** The push service below listens on 127.0.0.1: the test-only setting lets sends go there. */
const LOCAL = { allowLocal: true };
const vapidKeys = webPush.generateVAPIDKeys();
const vapid = { ...vapidKeys, subject: 'mailto:push@burti.test' };
const payload = buildPushPayload({
  appName: 'Burti',
  type: 'like',
  postId: '5b0c9f3e-2d6a-4a43-9a8e-0f4f3f1c2b7a',
  actorId: 'actor-1',
  actorNickname: 'Kvara',
});

let pushService: Awaited<ReturnType<typeof startRecordingServer>>;
beforeAll(async () => {
  pushService = await startRecordingServer();
});
afterAll(async () => pushService.close());

describe('sendWebPush', () => {
  it('encrypts for the subscription so that only its browser can read the payload', async () => {
    const subscriber = createSubscriber(`${pushService.url}/push/device-1`);
    pushService.respondWith(() => ({ status: 201 }));

    const outcome = await sendWebPush(subscriber.subscription, payload, vapid, fetchTransport, LOCAL);

    expect(outcome).toBe('sent');
    const received = pushService.requests.at(-1)!;
    expect(received.path).toBe('/push/device-1');
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.ttl).toBe('86400');
    expect(received.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(received.headers.authorization).toContain(`k=${vapidKeys.publicKey}`);
    expect(received.body.includes(Buffer.from('Kvara'))).toBe(false);
    expect(subscriber.decrypt(received.body)).toEqual({
      type: 'like',
      post_id: '5b0c9f3e-2d6a-4a43-9a8e-0f4f3f1c2b7a',
      user_id: 'actor-1',
      user_nickname: 'Kvara',
      title: 'Burti',
      body: 'Kvara liked your post',
    });
    // Another browser's keys cannot open it.
    expect(() => createSubscriber('x').decrypt(received.body)).toThrow();
  });

  it('reports a subscription the push service no longer knows (404, 410) as gone', async () => {
    const subscriber = createSubscriber(`${pushService.url}/push/expired`);
    pushService.respondWith(() => ({ status: 410 }));
    expect(await sendWebPush(subscriber.subscription, payload, vapid, fetchTransport, LOCAL)).toBe('gone');
    pushService.respondWith(() => ({ status: 404 }));
    expect(await sendWebPush(subscriber.subscription, payload, vapid, fetchTransport, LOCAL)).toBe('gone');
  });

  it('throws on a failure worth retrying, and refuses a message the service calls malformed', async () => {
    const subscriber = createSubscriber(`${pushService.url}/push/busy`);
    pushService.respondWith(() => ({ status: 503 }));
    await expect(sendWebPush(subscriber.subscription, payload, vapid, fetchTransport, LOCAL)).rejects.toThrow(/503/);
    pushService.respondWith(() => ({ status: 429 }));
    await expect(sendWebPush(subscriber.subscription, payload, vapid, fetchTransport, LOCAL)).rejects.toThrow(/429/);
    pushService.respondWith(() => ({ status: 413 }));
    expect(await sendWebPush(subscriber.subscription, payload, vapid, fetchTransport, LOCAL)).toBe('rejected');
  });
});
