import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';
import { enqueuePush } from '../../lib/push/queue.js';
import { createSubscriber, fetchTransport, startRecordingServer } from '../../lib/push/testing.js';

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:push@burti.test' };

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startRecordingServer>>;
const status = new Map<string, number>();

beforeAll(async () => {
  pushService = await startRecordingServer((request) => ({ status: status.get(request.path) ?? 201 }));
  t = await createTestApp({
    jobs: true,
    jobPollingSeconds: 0.5,
    push: { webPush: { ...vapid, transport: fetchTransport }, allowLocalWebPushEndpoints: true },
  });
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

const jobsFor = (notificationId: string) =>
  queryRows<{ state: string; data: { target?: { channel: string; id: string } }; start_after: Date | string }>(
    t.db,
    sql`select state, data, start_after from pgboss.job where name = 'push' and data->>'notificationId' = ${notificationId}`,
  );

describe('push through the job queue', () => {
  it('tells a signed-in browser the key to subscribe with', async () => {
    const [fan] = await t.createFans(1);
    expect((await fan!.get('/api/push/config')).json()).toEqual({ webPushPublicKey: vapid.publicKey });
  });

  it('delivers a like to the author’s browser as an encrypted push, through pg-boss', async () => {
    const [author, fan] = await t.createFans(2);
    const browser = createSubscriber(`${pushService.url}/push/${author!.userId}`);
    expect((await author!.put('/api/push/web-subscription', browser.subscription)).statusCode).toBe(204);
    const postId = (await author!.post('/api/posts', { text: 'Georgia at the Euros' })).json().post.id as string;

    const start = pushService.requests.length;
    expect((await fan!.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    const requests = await pushService.waitForRequests(start + 1);

    const push = requests.slice(start).find((request) => request.path === `/push/${author!.userId}`)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const [{ nickname }] = (await queryRows<{ nickname: string }>(
      t.db,
      sql`select nickname from profiles where id = ${fan!.userId}`,
    )) as [{ nickname: string }];
    expect(browser.decrypt(push.body)).toEqual({
      type: 'like',
      post_id: postId,
      user_id: fan!.userId,
      user_nickname: nickname,
      title: 'Burti',
      body: `${nickname} liked your post`,
    });
  });

  it('collapses the pushes of a group: three likes in a row are one push, a like after the interval another', async () => {
    const [author, ...fans] = await t.createFans(4);
    const postId = (await author!.post('/api/posts', { text: 'Derby day' })).json().post.id as string;
    for (const fan of fans) expect((await fan.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    const [group] = await queryRows<{ id: string; actor_count: number }>(
      t.db,
      sql`select id, actor_count from notifications where post_id = ${postId} and type = 'like'`,
    );
    expect(group!.actor_count).toBe(3);
    expect(await jobsFor(group!.id)).toHaveLength(1);

    await t.db.execute(sql`update notifications set pushed_at = now() - interval '10 minutes' where id = ${group!.id}`);
    const [late] = await t.createFans(1);
    await late!.post(`/api/posts/${postId}/like`);
    expect(await jobsFor(group!.id)).toHaveLength(2);
  });

  it('counts fans who like a new post at the same moment once each, in one group with one push', async () => {
    const [author, ...fans] = await t.createFans(13);
    const postId = (await author!.post('/api/posts', { text: 'Kick-off' })).json().post.id as string;
    const answers = await Promise.all(fans.map((fan) => fan.post(`/api/posts/${postId}/like`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(fans.map(() => 200));

    const groups = await queryRows<{ id: string; actor_count: number; actor_id: string; members: number }>(
      t.db,
      sql`select n.id, n.actor_count, n.actor_id,
          (select count(*)::int from notification_actors m where m.notification_id = n.id) as members
        from notifications n where n.post_id = ${postId} and n.type = 'like'`,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ actor_count: 12, members: 12 });
    expect(fans.map((fan) => fan.userId)).toContain(groups[0]!.actor_id);
    expect(await jobsFor(groups[0]!.id)).toHaveLength(1);
    const { notifications, unreadCount } = (await author!.get('/api/notifications')).json();
    expect(notifications).toMatchObject([{ type: 'like', actorCount: 12, preview: 'Kick-off' }]);
    expect(unreadCount).toBe(1);
  });

  it('enqueues inside the notifying transaction: a rollback leaves no job', async () => {
    const committed = crypto.randomUUID();
    const rolledBack = crypto.randomUUID();
    await t.db.transaction(async (tx) => {
      expect(await enqueuePush(tx, committed)).toEqual(expect.any(String));
    });
    await t.db
      .transaction(async (tx) => {
        await enqueuePush(tx, rolledBack);
        throw new Error('the like failed after all');
      })
      .catch(() => undefined);
    expect(await jobsFor(committed)).toHaveLength(1);
    expect(await jobsFor(rolledBack)).toHaveLength(0);
  });

  it('gives a failing browser a retry job of its own, started later', async () => {
    const [author, fan] = await t.createFans(2);
    const path = `/push/${author!.userId}/down`;
    status.set(path, 500);
    const browser = createSubscriber(`${pushService.url}${path}`);
    await author!.put('/api/push/web-subscription', browser.subscription);
    const postId = (await author!.post('/api/posts', { text: 'Saturday' })).json().post.id as string;
    const start = pushService.requests.length;
    await fan!.post(`/api/posts/${postId}/like`);
    await pushService.waitForRequests(start + 1);

    const [{ id: notificationId }] = (await queryRows<{ id: string }>(
      t.db,
      sql`select id from notifications where post_id = ${postId}`,
    )) as [{ id: string }];
    let retry: Awaited<ReturnType<typeof jobsFor>>[number] | undefined;
    for (let i = 0; i < 40 && !retry; i++) {
      retry = (await jobsFor(notificationId)).find((job) => job.data.target);
      if (!retry) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(retry?.data.target).toMatchObject({ channel: 'web', id: expect.any(String) });
    expect(retry?.state).toBe('created');
    expect(new Date(retry!.start_after).getTime()).toBeGreaterThan(Date.now());
  });
});
