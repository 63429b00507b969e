import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts, profiles, reports, userBlocks } from '../../db/schema/index.js';
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

describe('the count a viewer sees', () => {
  it('says how many comments a block hides, so the count agrees with the thread', async () => {
    const [writer, rude, reader] = (await t.createFans(3)) as [Fan, Fan, Fan];
    const post = (await writer.post('/api/posts', { text: 'Who starts on Sunday?' })).json().post.id as string;
    const first = (await fan.post(`/api/posts/${post}/comments`, { body: 'Kvaratskhelia' })).json().comment.id;
    await rude.post(`/api/posts/${post}/comments`, { body: 'something rude' });
    const last = await rude.post(`/api/posts/${post}/comments`, { body: 'and a reply', parentCommentId: first });
    expect(last.json().commentsCount).toBe(3);

    const before = (await reader.get(`/api/posts/${post}/comments`)).json();
    expect(before.hiddenCount).toBe(0);

    expect((await reader.post(`/api/users/${rude.userId}/block`)).statusCode).toBeLessThan(300);
    const page = (await reader.get(`/api/posts/${post}/comments`)).json();
    expect(page.comments.map((c: { body: string }) => c.body)).toEqual(['Kvaratskhelia']);
    expect(page.hiddenCount).toBe(2);
    const { commentsCount } = (await reader.get(`/api/posts/${post}`)).json().post as { commentsCount: number };
    expect(commentsCount - page.hiddenCount).toBe(1);
    // The one they blocked is hidden to them, but not to the post's author.
    expect((await writer.get(`/api/posts/${post}/comments`)).json().hiddenCount).toBe(0);
  });
});

describe('reading a thread', () => {
  const code = (response: Awaited<ReturnType<Fan['get']>>) => [response.statusCode, response.json().error?.code];

  it('answers an empty thread, and pages replies oldest first', async () => {
    const quiet = (await author.post('/api/posts', { text: 'Nobody here yet' })).json().post.id as string;
    expect((await fan.get(`/api/posts/${quiet}/comments`)).json()).toEqual({
      comments: [],
      nextCursor: null,
      hiddenCount: 0,
    });
    const root = (await fan.post(`/api/posts/${quiet}/comments`, { body: 'First!' })).json().comment;
    expect((await fan.get(`/api/comments/${root.id}/replies`)).json()).toEqual({ comments: [], nextCursor: null });
    for (let i = 0; i < 22; i++) {
      await author.post(`/api/posts/${quiet}/comments`, { body: `reply ${i}`, parentCommentId: root.id });
    }
    const first = (await fan.get(`/api/comments/${root.id}/replies`)).json();
    expect(first.comments.map((c: { body: string }) => c.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `reply ${i}`),
    );
    const second = (await fan.get(`/api/comments/${root.id}/replies?cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ comments: [{ body: 'reply 20' }, { body: 'reply 21' }], nextCursor: null });
    const roots = (await fan.get(`/api/posts/${quiet}/comments`)).json().comments;
    expect(roots).toMatchObject([{ id: root.id, replyCount: 22, author: { id: fan.userId } }]);
  });

  it('refuses a missing, deleted or hidden thread, for its roots and its replies alike', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(code(await fan.get(`/api/posts/${missing}/comments`))).toEqual([404, 'POST_NOT_FOUND']);
    expect(code(await fan.get(`/api/comments/${missing}/replies`))).toEqual([404, 'COMMENT_NOT_FOUND']);

    const [writer] = await t.createFans(1);
    const gone = (await writer!.post('/api/posts', { text: 'Soon gone' })).json().post.id as string;
    const goneRoot = (await fan.post(`/api/posts/${gone}/comments`, { body: 'hi' })).json().comment.id as string;
    expect((await writer!.delete(`/api/posts/${gone}`)).statusCode).toBe(204);
    expect(code(await fan.get(`/api/posts/${gone}/comments`))).toEqual([410, 'POST_DELETED']);
    expect(code(await fan.get(`/api/comments/${goneRoot}/replies`))).toEqual([410, 'POST_DELETED']);

    const hidden = (await writer!.post('/api/posts', { text: 'Hidden soon' })).json().post.id as string;
    const hiddenRoot = (await fan.post(`/api/posts/${hidden}/comments`, { body: 'hi' })).json().comment.id as string;
    await t.db.update(profiles).set({ isBlocked: true }).where(eq(profiles.id, writer!.userId));
    expect(code(await fan.get(`/api/posts/${hidden}/comments`))).toEqual([404, 'POST_NOT_FOUND']);
    expect(code(await fan.get(`/api/comments/${hiddenRoot}/replies`))).toEqual([404, 'POST_NOT_FOUND']);
    await t.db.update(profiles).set({ isBlocked: false }).where(eq(profiles.id, writer!.userId));

    const blockedRoot = (await fan.post(`/api/posts/${hidden}/comments`, { body: 'again' })).json().comment.id;
    await t.db.insert(userBlocks).values({ blockerId: fan.userId, blockedId: writer!.userId });
    expect(code(await fan.get(`/api/posts/${hidden}/comments`))).toEqual([404, 'POST_NOT_FOUND']);
    expect(code(await fan.get(`/api/comments/${blockedRoot}/replies`))).toEqual([404, 'POST_NOT_FOUND']);
    // The thread's own author still reads it, without the blocked fan's comments (and is told how many).
    expect((await writer!.get(`/api/posts/${hidden}/comments`)).json()).toEqual({
      comments: [],
      nextCursor: null,
      hiddenCount: 2,
    });
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

describe('a comment is its author’s', () => {
  type Thread = {
    comments: {
      id: string;
      body: string;
      deleted: boolean;
      likesCount: number;
      liked: boolean;
      editedAt: string | null;
    }[];
  };
  const rootsOf = async (viewer: Fan, post: string) =>
    (await viewer.get(`/api/posts/${post}/comments`)).json<Thread>().comments;
  const countOf = async (post: string) =>
    (await t.db.select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, post)))[0]!.n;
  let thread: string;
  beforeAll(async () => {
    thread = (await author.post('/api/posts', { text: 'Whose comment is it?' })).json().post.id;
  });

  it('lets the author edit it under the rules of writing it, and no one else', async () => {
    const created = (await fan.post(`/api/posts/${thread}/comments`, { body: 'Kvara scores twice' })).json().comment;
    expect(created).toMatchObject({ editedAt: null, deleted: false, likesCount: 0, liked: false });

    const edited = await fan.patch(`/api/comments/${created.id}`, { body: '  Kvara scores three times  ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment.body).toBe('Kvara scores three times');
    expect(edited.json().comment.editedAt).toEqual(expect.any(String));
    const seen = (await rootsOf(author, thread)).find((c) => c.id === created.id)!;
    expect(seen.body).toBe('Kvara scores three times');
    expect(seen.editedAt).toBe(edited.json().comment.editedAt);

    const empty = await fan.patch(`/api/comments/${created.id}`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please write something first.');
    expect((await fan.patch(`/api/comments/${created.id}`, { body: 'x'.repeat(1001) })).statusCode).toBe(400);
    const notTheirs = await author.patch(`/api/comments/${created.id}`, { body: 'Mine now' });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error.code).toBe('FORBIDDEN');
    expect((await rootsOf(author, thread)).find((c) => c.id === created.id)!.body).toBe('Kvara scores three times');
  });

  it('counts likes exactly, once per fan, and tells each viewer whether they like it', async () => {
    const comment = (await author.post(`/api/posts/${thread}/comments`, { body: 'Like me' })).json().comment;
    expect((await fan.post(`/api/comments/${comment.id}/like`)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await fan.post(`/api/comments/${comment.id}/like`)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await author.post(`/api/comments/${comment.id}/like`)).json()).toEqual({ liked: true, likesCount: 2 });
    expect((await author.delete(`/api/comments/${comment.id}/like`)).json()).toEqual({ liked: false, likesCount: 1 });

    expect((await rootsOf(fan, thread)).find((c) => c.id === comment.id)).toMatchObject({ likesCount: 1, liked: true });
    expect((await rootsOf(author, thread)).find((c) => c.id === comment.id)).toMatchObject({
      likesCount: 1,
      liked: false,
    });
    const [row] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(row!.likesCount).toBe(1);
  });

  it('removes a comment without replies outright, with its likes, and takes it off the count', async () => {
    const comment = (await fan.post(`/api/posts/${thread}/comments`, { body: 'Too hasty' })).json().comment;
    await author.post(`/api/comments/${comment.id}/like`);
    const before = await countOf(thread);

    const notTheirs = await author.delete(`/api/comments/${comment.id}`);
    expect(notTheirs.statusCode).toBe(403);
    const deleted = await fan.delete(`/api/comments/${comment.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ comment: null, commentsCount: before - 1 });
    expect(await countOf(thread)).toBe(before - 1);
    expect((await rootsOf(author, thread)).some((c) => c.id === comment.id)).toBe(false);
    expect((await fan.delete(`/api/comments/${comment.id}`)).statusCode).toBe(404);
    expect((await author.post(`/api/comments/${comment.id}/like`)).statusCode).toBe(404);
  });

  it('keeps a deleted comment with replies as a tombstone so the thread keeps its shape, until its replies go', async () => {
    const root = (await fan.post(`/api/posts/${thread}/comments`, { body: 'Start of a thread @nobody' })).json()
      .comment;
    await author.post(`/api/comments/${root.id}/like`);
    const reply = (
      await author.post(`/api/posts/${thread}/comments`, { body: 'A reply', parentCommentId: root.id })
    ).json().comment;
    const before = await countOf(thread);

    const deleted = (await fan.delete(`/api/comments/${root.id}`)).json();
    expect(deleted.comment).toMatchObject({ id: root.id, deleted: true, body: '', likesCount: 0, replyCount: 1 });
    expect(deleted.commentsCount).toBe(before);
    const shown = (await rootsOf(author, thread)).find((c) => c.id === root.id)!;
    expect(shown).toMatchObject({ deleted: true, body: '' });
    const replies = (await author.get(`/api/comments/${root.id}/replies`)).json().comments as { id: string }[];
    expect(replies.map((c) => c.id)).toEqual([reply.id]);
    // A tombstone cannot be edited, liked or deleted again.
    expect((await fan.patch(`/api/comments/${root.id}`, { body: 'Back' })).statusCode).toBe(404);
    expect((await author.post(`/api/comments/${root.id}/like`)).statusCode).toBe(404);
    expect((await fan.delete(`/api/comments/${root.id}`)).statusCode).toBe(404);

    // The last reply gone, the tombstone has nothing left to hold and goes too.
    expect((await author.delete(`/api/comments/${reply.id}`)).json().commentsCount).toBe(before - 2);
    expect((await rootsOf(author, thread)).some((c) => c.id === root.id)).toBe(false);
    expect(await t.db.select().from(comments).where(eq(comments.id, root.id))).toEqual([]);
  });
});
