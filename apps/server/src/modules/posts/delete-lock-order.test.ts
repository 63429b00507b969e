import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { comments, notifications, user } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * Every writer locks a post before the notifications about it. A post's soft delete locks the post and then
 * rewrites its notifications' previews; a comment or an account removed outright used to cascade to the
 * notifications first and reach the post after, so the two could deadlock and one request failed.
 */
let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function newPost(fan: Fan, text: string): Promise<string> {
  const response = await fan.post('/api/posts', { text });
  expect(response.statusCode).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}

/** A second session, as another request's transaction: it holds the post's row lock until `release`. */
async function holdPost(url: string, postId: string) {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  await other.query('begin');
  await other.query('select 1 from posts where id = $1 for no key update', [postId]);
  return {
    /** What the post's soft delete does next: it rewrites the previews of every notification about the post. */
    softDelete: () => other.query('update posts set deleted_at = now() where id = $1', [postId]),
    commit: () => other.query('commit'),
    async release() {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    },
  };
}

/** True when a third session cannot lock the notification at once: some transaction holds its row. */
async function notificationLocked(url: string, notificationId: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  try {
    await probe.query('begin');
    await probe.query('select 1 from notifications where id = $1 for update nowait', [notificationId]);
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return true;
    throw error;
  } finally {
    await probe.query('rollback').catch(() => undefined);
    await probe.end();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('lock order of deletes', () => {
  it('a comment removed outright while its post is being deleted waits for the post, and both finish', async () => {
    if (!t.databaseUrl) throw new Error('needs PostgreSQL');
    const [author, fan] = (await t.createFans(2)) as [Fan, Fan];
    const postId = await newPost(author, 'A post going away');
    const commented = await fan.post(`/api/posts/${postId}/comments`, { body: 'and a comment going with it' });
    expect(commented.statusCode).toBe(201);
    const commentId = commented.json<{ comment: { id: string } }>().comment.id;
    const [notification] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.commentId, commentId));
    expect(notification).toBeDefined();

    const holder = await holdPost(t.databaseUrl, postId);
    try {
      const removal = t.db.delete(comments).where(eq(comments.id, commentId));
      const removed = removal.then(
        () => 'removed',
        (error: unknown) => error,
      );
      await settle();
      // The removal waits for the post before it touches the comment's notification.
      expect(await notificationLocked(t.databaseUrl, notification!.id)).toBe(false);
      await holder.softDelete();
      await holder.commit();
      expect(await removed).toBe('removed');
    } finally {
      await holder.release();
    }
    const [post] = await queryRows<{ comments_count: number; deleted: boolean }>(
      t.db,
      sql`select comments_count, deleted_at is not null as deleted from posts where id = ${postId}`,
    );
    expect(post).toEqual({ comments_count: 0, deleted: true });
    expect(await t.db.select().from(notifications).where(eq(notifications.commentId, commentId))).toEqual([]);
  });

  it('an account removed while a post it liked and commented on is being deleted waits for the post', async () => {
    if (!t.databaseUrl) throw new Error('needs PostgreSQL');
    const [author, leaving, other] = (await t.createFans(3)) as [Fan, Fan, Fan];
    const postId = await newPost(author, 'Liked by someone who leaves');
    expect((await leaving.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    expect((await other.post(`/api/posts/${postId}/like`)).statusCode).toBe(200);
    expect((await leaving.post(`/api/posts/${postId}/comments`, { body: 'bye' })).statusCode).toBe(201);
    const about = await t.db
      .select({ id: notifications.id, type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.postId, postId), eq(notifications.userId, author.userId)));
    expect(about.map((n) => n.type).sort()).toEqual(['comment', 'like']);

    const holder = await holdPost(t.databaseUrl, postId);
    try {
      const removed = t.db
        .delete(user)
        .where(eq(user.id, leaving.userId))
        .then(
          () => 'removed',
          (error: unknown) => error,
        );
      await settle();
      for (const notification of about) expect(await notificationLocked(t.databaseUrl, notification.id)).toBe(false);
      await holder.softDelete();
      await holder.commit();
      expect(await removed).toBe('removed');
    } finally {
      await holder.release();
    }
    const [post] = await queryRows<{ likes_count: number; comments_count: number }>(
      t.db,
      sql`select likes_count, comments_count from posts where id = ${postId}`,
    );
    expect(post).toEqual({ likes_count: 1, comments_count: 0 });
  });
});
