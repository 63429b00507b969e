import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, comments, profiles, reports } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];

let t: TestApp;
let admin: Fan;
let author: Fan;
let reporter: Fan;
let second: Fan;

beforeAll(async () => {
  t = await createTestApp();
  [admin, author, reporter, second] = (await t.createFans(4)) as [Fan, Fan, Fan, Fan];
  await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.userId));
});
afterAll(async () => t?.close());

async function report(fan: Fan, targetType: 'post' | 'comment' | 'user', targetId: string) {
  const response = await fan.post('/api/reports', { targetType, targetId });
  expect(response.statusCode).toBe(201);
}
const statusesOf = async (targetId: string) =>
  (await t.db.select({ status: reports.status }).from(reports).where(eq(reports.targetId, targetId))).map(
    (r) => r.status,
  );
const pendingIds = async () =>
  (await admin.get('/api/admin/reports')).json<{ reports: { targetId: string }[] }>().reports.map((r) => r.targetId);

describe('removing what was reported decides its case', () => {
  it('resolves the pending reports on a post the administrator deletes', async () => {
    const postId = (await author.post('/api/posts', { text: 'Reported post' })).json().post.id as string;
    await report(reporter, 'post', postId);
    await report(second, 'post', postId);
    expect(await pendingIds()).toContain(postId);

    const deleted = await admin.post(`/api/admin/posts/${postId}/delete`, { note: 'Insults' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().resolvedCount).toBe(2);
    expect(await statusesOf(postId)).toEqual(['resolved', 'resolved']);
    expect(await pendingIds()).not.toContain(postId);
    const resolved = (await admin.get('/api/admin/reports?status=resolved')).json().reports as {
      targetId: string;
      resolutionNote: string | null;
    }[];
    expect(resolved.find((r) => r.targetId === postId)?.resolutionNote).toBe('Insults');
  });

  it('lets an administrator remove a reported comment, which resolves its case and is logged', async () => {
    const postId = (await author.post('/api/posts', { text: 'A calm post' })).json().post.id as string;
    const commentId = (await second.post(`/api/posts/${postId}/comments`, { body: 'A rude comment' })).json().comment
      .id as string;
    await report(reporter, 'comment', commentId);

    const notAdmin = await reporter.post(`/api/admin/comments/${commentId}/delete`, {});
    expect(notAdmin.statusCode).toBe(403);

    const removed = await admin.post(`/api/admin/comments/${commentId}/delete`, { note: 'Rude' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ commentId, resolvedCount: 1 });
    const thread = (await author.get(`/api/posts/${postId}/comments`)).json().comments as { id: string }[];
    expect(thread.some((c) => c.id === commentId)).toBe(false);
    expect(await t.db.select().from(comments).where(eq(comments.id, commentId))).toEqual([]);
    expect(await statusesOf(commentId)).toEqual(['resolved']);
    const logged = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'comment_deleted'), eq(adminAuditLog.targetId, commentId)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ authorId: second.userId, postId, excerpt: 'A rude comment' });

    expect((await admin.post(`/api/admin/comments/${commentId}/delete`, {})).statusCode).toBe(404);
  });

  it('keeps a removed comment with replies as a tombstone for them', async () => {
    const postId = (await author.post('/api/posts', { text: 'Another post' })).json().post.id as string;
    const commentId = (await second.post(`/api/posts/${postId}/comments`, { body: 'Rude again' })).json().comment
      .id as string;
    await author.post(`/api/posts/${postId}/comments`, { body: 'Please be kind', parentCommentId: commentId });
    await report(reporter, 'comment', commentId);

    expect((await admin.post(`/api/admin/comments/${commentId}/delete`, {})).statusCode).toBe(200);
    const thread = (await author.get(`/api/posts/${postId}/comments`)).json().comments as {
      id: string;
      body: string;
      deleted: boolean;
      replyCount: number;
    }[];
    expect(thread.find((c) => c.id === commentId)).toMatchObject({ body: '', deleted: true, replyCount: 1 });
  });
});
