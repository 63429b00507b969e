import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, notifications, profiles } from '../../db/schema/index.js';
import { createTestApp, multipartBody, type TestApp } from '../../../test/harness.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function inbox(fan: Fan) {
  return (await fan.get('/api/notifications')).json<{
    notifications: { type: string; actor: { id: string } | null; postId: string | null }[];
    unreadCount: number;
  }>();
}

async function newPost(fan: Fan, text = 'Matchday') {
  return (await fan.post('/api/posts', { text })).json<{ post: { id: string } }>().post.id;
}

describe('notification rules', () => {
  it('notifies a like once however often it is toggled, and never for oneself', async () => {
    const [author, fan] = await t.createFans(2);
    const postId = await newPost(author!);
    await fan!.post(`/api/posts/${postId}/like`);
    await fan!.delete(`/api/posts/${postId}/like`);
    await fan!.post(`/api/posts/${postId}/like`);
    await author!.post(`/api/posts/${postId}/like`);
    const { notifications: list, unreadCount } = await inbox(author!);
    expect(list.map((n) => [n.type, n.actor?.id, n.postId])).toEqual([['like', fan!.userId, postId]]);
    expect(unreadCount).toBe(1);
  });

  it("previews the post's first line as it reads now: after an edit, and none once it is deleted", async () => {
    const [author, fan, friend] = await t.createFans(3);
    const postId = await newPost(author!, '\n  Derby day  \nsecond line');
    await fan!.post(`/api/posts/${postId}/like`);
    await friend!.post(`/api/posts/${postId}/comments`, { body: 'Come on!' });
    const previews = async () =>
      (await author!.get('/api/notifications'))
        .json<{ notifications: { type: string; preview: string | null }[] }>()
        .notifications.map((n) => [n.type, n.preview]);
    expect(await previews()).toEqual([
      ['comment', 'Derby day'],
      ['like', 'Derby day'],
    ]);

    expect((await author!.patch(`/api/posts/${postId}`, { text: 'Cup final' })).statusCode).toBe(200);
    expect(await previews()).toEqual([
      ['comment', 'Cup final'],
      ['like', 'Cup final'],
    ]);
    // A like after the edit joins the same group, which keeps the new text.
    await friend!.post(`/api/posts/${postId}/like`);
    expect(await previews()).toEqual([
      ['like', 'Cup final'],
      ['comment', 'Cup final'],
    ]);

    expect((await author!.delete(`/api/posts/${postId}`)).statusCode).toBe(204);
    expect(await previews()).toEqual([
      ['like', null],
      ['comment', null],
    ]);
  });

  it('notifies comments to the post author, replies to the parent author and reply_on_post to the post author', async () => {
    const [author, a, b] = await t.createFans(3);
    const postId = await newPost(author!);
    const root = (await a!.post(`/api/posts/${postId}/comments`, { body: 'First!' })).json().comment.id as string;
    await b!.post(`/api/posts/${postId}/comments`, { body: 'Reply to a', parentCommentId: root });
    await author!.post(`/api/posts/${postId}/comments`, { body: 'Author replies to a', parentCommentId: root });
    await a!.post(`/api/posts/${postId}/comments`, { body: 'a on own thread', parentCommentId: root });

    const forAuthor = (await inbox(author!)).notifications.map((n) => [n.type, n.actor?.id]);
    expect(forAuthor).toEqual([
      ['reply_on_post', a!.userId],
      ['reply_on_post', b!.userId],
      ['comment', a!.userId],
    ]);
    const forA = (await inbox(a!)).notifications.map((n) => [n.type, n.actor?.id]);
    expect(forA).toEqual([
      ['reply', author!.userId],
      ['reply', b!.userId],
    ]);
  });

  it('notifies follows and shares once, and nothing between blocked users', async () => {
    const [star, fan, blocked] = await t.createFans(3);
    await fan!.post(`/api/users/${star!.userId}/follow`);
    await fan!.delete(`/api/users/${star!.userId}/follow`);
    await fan!.post(`/api/users/${star!.userId}/follow`);
    const postId = await newPost(star!);
    await fan!.post(`/api/posts/${postId}/share`);
    await fan!.delete(`/api/posts/${postId}/share`);
    await fan!.post(`/api/posts/${postId}/share`);
    expect((await inbox(star!)).notifications.map((n) => n.type)).toEqual(['share', 'follow']);

    await star!.post(`/api/users/${blocked!.userId}/block`);
    expect((await blocked!.post(`/api/posts/${postId}/like`)).statusCode).toBe(403);
    expect((await blocked!.post(`/api/users/${star!.userId}/follow`)).statusCode).toBe(403);
    expect((await inbox(star!)).notifications.every((n) => n.actor?.id !== blocked!.userId)).toBe(true);
  });

  it('marks one and all as read, each only for its owner', async () => {
    const [author, fan, other] = await t.createFans(3);
    const first = await newPost(author!, 'one');
    const second = await newPost(author!, 'two');
    await fan!.post(`/api/posts/${first}/like`);
    await fan!.post(`/api/posts/${second}/like`);
    const [n1] = await t.db.select().from(notifications).where(eq(notifications.postId, first));
    expect((await other!.post(`/api/notifications/${n1!.id}/read`)).statusCode).toBe(404);
    expect((await author!.post(`/api/notifications/${n1!.id}/read`)).json()).toEqual({ unreadCount: 1 });
    expect((await author!.post('/api/notifications/read-all')).json()).toEqual({ unreadCount: 0 });
    expect((await author!.get('/api/notifications/unread-count')).json()).toEqual({ unreadCount: 0 });
  });
});

describe('follow and block', () => {
  it('counts 100 concurrent follows of one target by one fan as one, with at most one notification', async () => {
    const [target, fan] = await t.createFans(2);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => fan!.post(`/api/users/${target!.userId}/follow`)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, target!.userId));
    expect(row!.followersCount).toBe(1);
    expect(await t.db.select().from(follows).where(eq(follows.followingId, target!.userId))).toHaveLength(1);
    const sent = await t.db.select().from(notifications).where(eq(notifications.userId, target!.userId));
    expect(sent).toHaveLength(1);
  });

  it('refuses following, blocking and reporting oneself', async () => {
    const [fan] = await t.createFans(1);
    for (const url of [`/api/users/${fan!.userId}/follow`, `/api/users/${fan!.userId}/block`]) {
      const response = await fan!.post(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('CANNOT_TARGET_SELF');
    }
    expect((await fan!.post('/api/reports', { targetType: 'user', targetId: fan!.userId })).statusCode).toBe(400);
  });

  it('removes follows both ways on block and hides each from the other everywhere', async () => {
    const [a, b] = await t.createFans(2, 'Iberia 1999');
    await a!.post(`/api/users/${b!.userId}/follow`);
    await b!.post(`/api/users/${a!.userId}/follow`);
    const bPost = await newPost(b!, 'from b');
    const aPost = await newPost(a!, 'from a');
    await a!.post(`/api/posts/${bPost}/comments`, { body: 'a comments on b' });

    expect((await a!.post(`/api/users/${b!.userId}/block`)).json()).toEqual({ blocked: true });
    const [aRow] = await t.db.select().from(profiles).where(eq(profiles.id, a!.userId));
    const [bRow] = await t.db.select().from(profiles).where(eq(profiles.id, b!.userId));
    expect([aRow!.followersCount, aRow!.followingCount, bRow!.followersCount, bRow!.followingCount]).toEqual([
      0, 0, 0, 0,
    ]);

    const feedOfB = ((await b!.get('/api/feed')).json().posts as { id: string }[]).map((p) => p.id);
    expect(feedOfB).not.toContain(aPost);
    const feedOfA = ((await a!.get('/api/feed')).json().posts as { id: string }[]).map((p) => p.id);
    expect(feedOfA).not.toContain(bPost);
    expect((await b!.get(`/api/users/${a!.userId}`)).statusCode).toBe(404);
    const seenByA = (await a!.get(`/api/users/${b!.userId}`)).json();
    expect(seenByA.relationship).toEqual({ isSelf: false, isFollowing: false, hasBlocked: true });
    expect((await b!.post(`/api/posts/${aPost}/comments`, { body: 'no' })).statusCode).toBe(403);
    expect((await b!.post(`/api/users/${a!.userId}/follow`)).statusCode).toBe(403);

    expect((await a!.delete(`/api/users/${b!.userId}/block`)).json()).toEqual({ blocked: false });
    expect((await b!.get(`/api/users/${a!.userId}`)).statusCode).toBe(200);
  });
});

describe('avatars', () => {
  function upload(fan: Fan, data: Buffer, name = 'me.jpg', type = 'image/jpeg') {
    const body = multipartBody({}, { name, type, data });
    return t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      payload: body.payload,
      headers: { ...fan.headers, ...body.headers },
    });
  }

  it('stores a square picture without metadata, versioned, and removes the old one', async () => {
    const [fan] = await t.createFans(1);
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 43/1 0/1' } })
      .toBuffer();
    const first = await upload(fan!, jpeg);
    expect(first.statusCode).toBe(200);
    const url1 = first.json().me.avatarUrl as string;
    expect(url1).toMatch(/^\/media\/avatars\/.+\?v=\d+$/);
    const file = await t.app.inject({ method: 'GET', url: url1.split('?')[0]! });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([512, 512, undefined]);

    const second = await upload(fan!, jpeg);
    expect((await t.app.inject({ method: 'GET', url: url1.split('?')[0]! })).statusCode).toBe(404);
    expect(second.json().me.avatarUrl).not.toBe(url1);
  });

  it('gives the picture one address wherever the fan appears: posts, comments, notifications, board, search', async () => {
    const [fan, friend] = await t.createFans(2);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#d71920' } })
      .png()
      .toBuffer();
    const avatarUrl = (await upload(fan!, png, 'me.png', 'image/png')).json<{ me: { avatarUrl: string } }>().me
      .avatarUrl;
    expect(avatarUrl).toMatch(/\?v=\d+$/);

    const postId = (await friend!.post('/api/posts', { text: 'Derby day' })).json<{ post: { id: string } }>().post.id;
    await fan!.post(`/api/posts/${postId}/like`);
    await fan!.post(`/api/posts/${postId}/comments`, { body: 'Come on!' });
    const own = (await fan!.post('/api/posts', { text: 'My post' })).json<{
      post: { id: string; author: { nickname: string; avatarUrl: string }; club: { id: number } };
    }>();
    await friend!.post(`/api/posts/${own.post.id}/like`); // onto the club's board

    type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const get = async (path: string) => (await friend!.get(path)).json<Json>();
    const seen = {
      created: own.post.author.avatarUrl,
      feed: (await get('/api/feed')).posts.find((p: Json) => p.author.id === fan!.userId).author.avatarUrl,
      comments: (await get(`/api/posts/${postId}/comments`)).comments[0].author.avatarUrl,
      notification: (await get('/api/notifications')).notifications[0].actor.avatarUrl,
      board: (await get(`/api/leaderboard?clubId=${own.post.club.id}`)).rows.find((r: Json) => r.userId === fan!.userId)
        ?.avatarUrl,
      search: (await get(`/api/search/fans?q=${encodeURIComponent(own.post.author.nickname)}`)).fans[0].avatarUrl,
    };
    expect(seen).toEqual({
      created: avatarUrl,
      feed: avatarUrl,
      comments: avatarUrl,
      notification: avatarUrl,
      board: avatarUrl,
      search: avatarUrl,
    });
  });

  it('refuses non-images and pictures over 5 MB', async () => {
    const [fan] = await t.createFans(1);
    const text = await upload(fan!, Buffer.from('not an image'), 'me.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe('Please select an image file');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await upload(fan!, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Image must be less than 5MB');
  });
});

/** Reads Server-Sent Events from a live server until `until` says enough. */
async function readEvents(
  url: string,
  headers: Record<string, string>,
  until: (events: { kind: string; unreadCount: number }[]) => boolean,
) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const events: { kind: string; unreadCount: number }[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  return {
    events,
    async waitFor(timeoutMs: number, condition = until) {
      const deadline = Date.now() + timeoutMs;
      while (!condition(events)) {
        if (Date.now() > deadline) throw new Error(`timed out with ${JSON.stringify(events)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<{ done: true; value: undefined }>((resolve) =>
            setTimeout(() => resolve({ done: true, value: undefined }), deadline - Date.now()),
          ),
        ]);
        if (chunk.value) buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as { kind: string; unreadCount: number });
        }
      }
    },
    close: () => controller.abort(),
  };
}

describe('live notifications', () => {
  it('streams the unread count and each new notification', async () => {
    const [author, fan] = await t.createFans(2);
    const postId = await newPost(author!);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await readEvents(`http://127.0.0.1:${port}/api/notifications/stream`, author!.headers, (events) =>
      events.some((e) => e.kind === 'notification'),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await fan!.post(`/api/posts/${postId}/like`);
      await stream.waitFor(3000);
      expect(stream.events[0]).toEqual({ kind: 'unread', unreadCount: 0 });
      expect(stream.events.find((e) => e.kind === 'notification')).toMatchObject({
        unreadCount: 1,
        notification: { type: 'like', postId },
      });
    } finally {
      stream.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'reaches a client of another API process on the same PostgreSQL within a second',
    async () => {
      if (!t.databaseUrl) throw new Error('needs PostgreSQL');
      // A second server process, as a second instance behind a load balancer would be.
      const port = 40_000 + Math.floor(Math.random() * 10_000);
      const dataDir = await mkdtemp(join(tmpdir(), 'burti-second-'));
      const tsx = fileURLToPath(new URL('../../../../../node_modules/.bin/tsx', import.meta.url));
      const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
      const child = spawn(tsx, [main], {
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        const base = `http://127.0.0.1:${port}`;
        for (let i = 0; ; i++) {
          const up = await fetch(`${base}/api/health`)
            .then((r) => r.ok)
            .catch(() => false);
          if (up) break;
          if (i > 150) throw new Error('the second process did not start');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const [author, fan] = await t.createFans(2);
        const postId = await newPost(author!);
        const stream = await readEvents(`${base}/api/notifications/stream`, author!.headers, (events) =>
          events.some((e) => e.kind === 'notification'),
        );
        try {
          await stream.waitFor(2000, (events) => events.length > 0);
          const started = Date.now();
          await fan!.post(`/api/posts/${postId}/like`); // through this process
          await stream.waitFor(1000);
          expect(Date.now() - started).toBeLessThan(1000);
          expect(stream.events.find((e) => e.kind === 'notification')).toMatchObject({ unreadCount: 1 });
        } finally {
          stream.close();
        }
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
