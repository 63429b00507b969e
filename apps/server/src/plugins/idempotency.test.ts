import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import type { Post } from '@burti/shared';
import { comments, follows, idempotencyKeys, posts } from '../db/schema/index.js';
import { createLocalStorage } from '../lib/storage.js';
import { createPost } from '../modules/posts/posts.service.js';
import type { Viewer } from './auth.js';
import { recorderFor } from './idempotency.js';
import { APP_URL, createTestApp, multipartBody, type TestApp } from '../../test/harness.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
let fan: Fan;
let other: Fan;

beforeAll(async () => {
  t = await createTestApp();
  [fan, other] = (await t.createFans(2)) as [Fan, Fan];
});
afterAll(async () => t?.close());

const send = (who: Fan, method: 'POST' | 'DELETE', url: string, payload: unknown, key?: string) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });

async function countPosts(authorId: string, text: string) {
  const rows = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from posts where author_id = ${authorId} and text = ${text}`,
  );
  return rows[0]!.n;
}

describe('Idempotency-Key', () => {
  it('20 parallel sends of one key create one post and all get its answer', async () => {
    const key = crypto.randomUUID();
    const text = `parallel ${key}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(fan, 'POST', '/api/posts', { text }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.json<{ post: { id: string } }>().post.id));
    expect(ids.size).toBe(1);
    expect(await countPosts(fan.userId, text)).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
  });

  it('a retry after the answer was lost returns the first answer and creates nothing', async () => {
    const key = crypto.randomUUID();
    const text = `retried ${key}`;
    const first = await send(fan, 'POST', '/api/posts', { text }, key);
    const retry = await send(fan, 'POST', '/api/posts', { text }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await countPosts(fan.userId, text)).toBe(1);
    // Without a key (or with a new one), the same text is a new post.
    expect((await send(fan, 'POST', '/api/posts', { text }, crypto.randomUUID())).statusCode).toBe(201);
    expect(await countPosts(fan.userId, text)).toBe(2);
  });

  it('keeps keys per user, and one key cannot be reused for another request', async () => {
    const key = crypto.randomUUID();
    expect((await send(fan, 'POST', '/api/posts', { text: `mine ${key}` }, key)).statusCode).toBe(201);
    const theirs = await send(other, 'POST', '/api/posts', { text: `theirs ${key}` }, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    const reused = await send(fan, 'POST', `/api/users/${other.userId}/follow`, {}, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('CONFLICT');
  });

  it('replays a stored answer only to the fan whose verified session wrote it', async () => {
    const member = await t.createUser();
    await t.db.execute(
      sql`update profiles set primary_club_id = (select id from clubs order by id limit 1) where id = ${member.userId}`,
    );
    const key = crypto.randomUUID();
    const basic = `Basic ${Buffer.from('operator:shared').toString('base64')}`;
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: { text: `kept for its writer ${key}` },
        headers: { origin: APP_URL, 'idempotency-key': key, ...headers },
      });
    expect((await write({ cookie: member.cookie, authorization: basic })).statusCode).toBe(201);
    // The same key with the header that came beside the member's cookie, but no session: nobody's answer.
    const alone = await write({ authorization: basic });
    expect(alone.statusCode).toBe(401);
    expect(alone.body).not.toContain(key);
    expect(await countPosts(member.userId, `kept for its writer ${key}`)).toBe(1);
  });

  it('makes comments, replies, reports, follows and uploads safe to retry', async () => {
    const [target] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, other.userId)).limit(1);
    const commentKey = crypto.randomUUID();
    const [c1, c2] = await Promise.all([
      send(fan, 'POST', `/api/posts/${target!.id}/comments`, { body: 'once' }, commentKey),
      send(fan, 'POST', `/api/posts/${target!.id}/comments`, { body: 'once' }, commentKey),
    ]);
    expect(c1.json().comment.id).toBe(c2.json().comment.id);
    const parentId = c1.json().comment.id as string;
    const replyKey = crypto.randomUUID();
    await Promise.all(
      [1, 2, 3].map(() =>
        send(fan, 'POST', `/api/posts/${target!.id}/comments`, { body: 're', parentCommentId: parentId }, replyKey),
      ),
    );
    const replies = await t.db.select().from(comments).where(eq(comments.parentCommentId, parentId));
    expect(replies).toHaveLength(1);

    const reportKey = crypto.randomUUID();
    const reports = await Promise.all(
      [1, 2].map(() => send(fan, 'POST', '/api/reports', { targetType: 'post', targetId: target!.id }, reportKey)),
    );
    expect(reports[0]!.statusCode).toBe(201);
    expect(reports[1]!.statusCode).toBe(201);
    expect(reports[1]!.json()).toEqual(reports[0]!.json());

    const followKey = crypto.randomUUID();
    await Promise.all([1, 2].map(() => send(fan, 'POST', `/api/users/${other.userId}/follow`, {}, followKey)));
    expect(await t.db.select().from(follows).where(eq(follows.followerId, fan.userId))).toHaveLength(1);

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploadKey = crypto.randomUUID();
    const upload = () => {
      const body = multipartBody({ text: `photo ${uploadKey}` }, { name: 'a.png', type: 'image/png', data: png });
      return t.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: body.payload,
        headers: { ...fan.headers, ...body.headers, 'idempotency-key': uploadKey },
      });
    };
    const [u1, u2] = await Promise.all([upload(), upload()]);
    expect(u1.statusCode).toBe(201);
    expect(u2.json().post.id).toBe(u1.json().post.id);
    expect(await countPosts(fan.userId, `photo ${uploadKey}`)).toBe(1);
  });

  it('lets a retry do the work when the first attempt failed on our side, and refuses malformed keys', async () => {
    const bad = await send(fan, 'POST', '/api/posts', { text: 'x' }, 'has space');
    expect(bad.statusCode).toBe(400);
    const key = crypto.randomUUID();
    // A refused request is an answer like any other: the same key replays it.
    const empty = await send(fan, 'POST', '/api/posts', { text: '' }, key);
    expect(empty.statusCode).toBe(400);
    expect((await send(fan, 'POST', '/api/posts', { text: '' }, key)).headers['idempotent-replayed']).toBe('true');
    // A claim left without an answer long ago never committed: the retry takes it over and does the work.
    const stale = crypto.randomUUID();
    await abandonedClaim(stale, '/api/posts');
    const abandoned = await send(fan, 'POST', '/api/posts', { text: 'after a crash' }, stale);
    expect(abandoned.statusCode).toBe(201);
    expect(abandoned.headers['idempotent-replayed']).toBeUndefined();
    expect(await countPosts(fan.userId, 'after a crash')).toBe(1);
    // A key older than a day is free again.
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, stale));
    expect((await send(fan, 'POST', '/api/posts', { text: 'a day later' }, stale)).statusCode).toBe(201);
  });

  describe('after a crash', () => {
    const viewerOf = (who: Fan): Viewer => ({
      id: who.userId,
      email: '',
      nickname: '',
      isAdmin: false,
      isBlocked: false,
      sessionId: '',
    });
    // What a process did before it died: the whole write, committed, and no answer sent.
    const createPostThenDie = (who: Fan, text: string, attempt: string, key: string) =>
      createPost({
        db: t.db,
        viewer: viewerOf(who),
        storage: createLocalStorage(t.config.mediaDir),
        log: t.app.log,
        text,
        answer: recorderFor<Post>({ userId: who.userId, key, attempt }, 201, (post) => ({ post })),
      });

    it('a write that committed before the process died is answered from its own transaction', async () => {
      const key = crypto.randomUUID();
      const text = `committed then crashed ${key}`;
      await abandonedClaim(key, '/api/posts', 'attempt-1');
      const created = await createPostThenDie(fan, text, 'attempt-1', key);

      const retry = await send(fan, 'POST', '/api/posts', { text }, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json().post.id).toBe(created.id);
      expect(retry.json().post.text).toBe(text);
      expect(await countPosts(fan.userId, text)).toBe(1);
    });

    it('a first attempt still working when a retry took it over rolls back, so the work is done once', async () => {
      const key = crypto.randomUUID();
      const text = `slow first attempt ${key}`;
      await abandonedClaim(key, '/api/posts', 'slow-attempt');
      const retry = await send(fan, 'POST', '/api/posts', { text }, key);
      expect(retry.statusCode).toBe(201);
      await expect(createPostThenDie(fan, text, 'slow-attempt', key)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await countPosts(fan.userId, text)).toBe(1);
      const again = await send(fan, 'POST', '/api/posts', { text }, key);
      expect(again.json().post.id).toBe(retry.json().post.id);
    });

    it('comments and reports keep their answer in their transaction too', async () => {
      const [target] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, other.userId)).limit(1);
      const commentKey = crypto.randomUUID();
      const first = await send(fan, 'POST', `/api/posts/${target!.id}/comments`, { body: 'kept' }, commentKey);
      // The row as the transaction left it, before the answer went out.
      const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, commentKey));
      expect(row!.statusCode).toBe(201);
      expect(JSON.parse(row!.response!)).toEqual(first.json());

      const reportKey = crypto.randomUUID();
      const report = await send(fan, 'POST', '/api/reports', { targetType: 'user', targetId: other.userId }, reportKey);
      expect(report.statusCode).toBe(201);
      const [reportRow] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, reportKey));
      expect(JSON.parse(reportRow!.response!)).toEqual(report.json());
    });

    it('a state write (like) left without an answer is simply done again', async () => {
      const [target] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, other.userId)).limit(1);
      const key = crypto.randomUUID();
      await abandonedClaim(key, `/api/posts/${target!.id}/like`);
      const retry = await send(fan, 'POST', `/api/posts/${target!.id}/like`, {}, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().liked).toBe(true);
    });
  });
});

/** A claim as a process that died five minutes ago leaves it: taken, never answered. */
async function abandonedClaim(key: string, path: string, attempt: string | null = null) {
  await t.db.insert(idempotencyKeys).values({
    userId: fan.userId,
    key,
    method: 'POST',
    path,
    attempt,
    createdAt: new Date(Date.now() - 5 * 60_000),
  });
}
