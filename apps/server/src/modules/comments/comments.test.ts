import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts, reports, userBlocks } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
let author: Fan;
let fan: Fan;
let postId: string;

beforeAll(async () => {
  t = await createTestApp();
  const fans = await t.createFans(2);
  author = fans[0]!;
  fan = fans[1]!;
  postId = (await author.post('/api/posts', { text: 'Derby day!' })).json().post.id;
});
afterAll(async () => t?.close());

describe('comments and replies', () => {
  it('adds a comment, counts it, and refuses an empty one', async () => {
    const created = await fan.post(`/api/posts/${postId}/comments`, { body: '  Come on Dinamo!  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json().comment).toMatchObject({ body: 'Come on Dinamo!', parentCommentId: null, replyCount: 0 });
    expect(created.json().commentsCount).toBe(1);

    const empty = await fan.post(`/api/posts/${postId}/comments`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please write something first.');
    const [row] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.commentsCount).toBe(1);
  });

  it('keeps replies one level deep and counts them on the root', async () => {
    const root = (await fan.post(`/api/posts/${postId}/comments`, { body: 'Who scores first?' })).json().comment;
    const reply = (
      await author.post(`/api/posts/${postId}/comments`, { body: 'Kvara!', parentCommentId: root.id })
    ).json().comment;
    const nested = await fan.post(`/api/posts/${postId}/comments`, { body: 'Agreed', parentCommentId: reply.id });
    expect(nested.statusCode).toBe(201);
    expect(nested.json().comment.parentCommentId).toBe(root.id);

    const roots = (await fan.get(`/api/posts/${postId}/comments`)).json().comments as {
      id: string;
      replyCount: number;
    }[];
    expect(roots.find((c) => c.id === root.id)?.replyCount).toBe(2);
    expect(roots.some((c) => c.id === reply.id)).toBe(false);
    const replies = (await fan.get(`/api/comments/${root.id}/replies`)).json().comments as { body: string }[];
    expect(replies.map((c) => c.body)).toEqual(['Kvara!', 'Agreed']);
  });

  it('refuses a parent from another post', async () => {
    const other = (await author.post('/api/posts', { text: 'Another post' })).json().post.id as string;
    const root = (await fan.post(`/api/posts/${other}/comments`, { body: 'Elsewhere' })).json().comment;
    const response = await fan.post(`/api/posts/${postId}/comments`, { body: 'Cross', parentCommentId: root.id });
    expect(response.statusCode).toBe(404);
  });

  it('pages root comments 20 at a time, oldest first', async () => {
    const target = (await author.post('/api/posts', { text: 'Count the comments' })).json().post.id as string;
    for (let i = 0; i < 25; i++) await fan.post(`/api/posts/${target}/comments`, { body: `comment ${i}` });
    const first = (await fan.get(`/api/posts/${target}/comments`)).json();
    expect(first.comments).toHaveLength(20);
    expect(first.comments[0].body).toBe('comment 0');
    const second = (await fan.get(`/api/posts/${target}/comments?cursor=${first.nextCursor}`)).json();
    expect(second.comments.map((c: { body: string }) => c.body)).toEqual([
      'comment 20',
      'comment 21',
      'comment 22',
      'comment 23',
      'comment 24',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses comments between users who blocked each other and hides theirs', async () => {
    const [blocker] = await t.createFans(1);
    const own = (await blocker!.post('/api/posts', { text: 'Mine' })).json().post.id as string;
    await fan.post(`/api/posts/${own}/comments`, { body: 'before the block' });
    await t.db.insert(userBlocks).values({ blockerId: blocker!.userId, blockedId: fan.userId });
    const refused = await fan.post(`/api/posts/${own}/comments`, { body: 'after the block' });
    expect(refused.statusCode).toBe(403);
    expect((await fan.get(`/api/posts/${own}/comments`)).statusCode).toBe(404);
    const seenByBlocker = (await blocker!.get(`/api/posts/${own}/comments`)).json().comments;
    expect(seenByBlocker).toEqual([]);
    const stored = await t.db.select().from(comments).where(eq(comments.postId, own));
    expect(stored).toHaveLength(1);
  });
});

describe('reports', () => {
  it('records the fixed reason, once per open report', async () => {
    const first = await fan.post('/api/reports', { targetType: 'post', targetId: postId });
    expect(first.statusCode).toBe(201);
    expect(first.json().reason).toBe('Inappropriate content');
    const again = await fan.post('/api/reports', { targetType: 'post', targetId: postId });
    expect(again.statusCode).toBe(409);

    const user = await fan.post('/api/reports', { targetType: 'user', targetId: author.userId });
    expect(user.json().reason).toBe('Inappropriate behavior');
    const rows = await t.db.select().from(reports).where(eq(reports.reporterId, fan.userId));
    expect(rows).toHaveLength(2);
  });

  it('refuses reporting oneself, unknown targets and a chosen reason', async () => {
    expect((await fan.post('/api/reports', { targetType: 'user', targetId: fan.userId })).statusCode).toBe(400);
    expect(
      (await fan.post('/api/reports', { targetType: 'post', targetId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await fan.post('/api/reports', { targetType: 'comment', targetId: 'nope' })).statusCode).toBe(404);
    expect((await fan.post('/api/reports', { targetType: 'post', targetId: postId, reason: 'spam' })).statusCode).toBe(
      400,
    );
  });
});
