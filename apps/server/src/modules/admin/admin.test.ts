import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminAuditLog, posts, profiles, reports, session } from '../../db/schema/index.js';
import { APP_URL, createTestApp, multipartBody, signIn, type TestApp } from '../../../test/harness.js';

type Fan = Awaited<ReturnType<TestApp['createFans']>>[number];
type Client = Pick<Fan, 'get' | 'post' | 'userId'>;

const DAY = 86_400_000;
/** Midnight in Tbilisi (UTC+4 all year), the day "Posts Today" counts from. */
const tbilisiMidnight = (now = Date.now()) => new Date(Math.floor((now + 4 * 3_600_000) / DAY) * DAY - 4 * 3_600_000);

async function makeAdmin(t: TestApp, userId: string) {
  await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, userId));
}
async function blockDirectly(t: TestApp, userId: string) {
  await t.db.update(profiles).set({ isBlocked: true, blockedAt: new Date() }).where(eq(profiles.id, userId));
}
async function createPost(fan: Client, text: string): Promise<string> {
  const response = await fan.post('/api/posts', { text });
  expect(response.statusCode).toBe(201);
  return response.json<{ post: { id: string } }>().post.id;
}
async function report(fan: Client, targetType: 'post' | 'comment' | 'user', targetId: string): Promise<string> {
  const response = await fan.post('/api/reports', { targetType, targetId });
  expect(response.statusCode).toBe(201);
  return response.json<{ reportId: string }>().reportId;
}
async function auditRows(t: TestApp, action: string, targetId: string) {
  return t.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)));
}
async function feedIds(fan: Client): Promise<string[]> {
  const response = await fan.get('/api/feed');
  expect(response.statusCode).toBe(200);
  return response.json<{ posts: { id: string }[] }>().posts.map((p) => p.id);
}

describe('the admin API', () => {
  let t: TestApp;
  let admin: Fan;
  let fan: Fan;
  let blocked: Fan;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, fan, blocked] = (await t.createFans(3)) as [Fan, Fan, Fan];
    await makeAdmin(t, admin.userId);
    await blockDirectly(t, blocked.userId);
    await t.db.update(profiles).set({ nickname: 'moderator_nino' }).where(eq(profiles.id, admin.userId));
  });
  afterAll(async () => t?.close());

  describe('permissions', () => {
    it('answers 401 to anonymous callers, 403 to fans, blocked fans and blocked admins, and 2xx to admins', async () => {
      const [author, reporter, target, blockedAdmin] = (await t.createFans(4)) as [Fan, Fan, Fan, Fan];
      await makeAdmin(t, blockedAdmin.userId);
      await blockDirectly(t, blockedAdmin.userId);
      const reportedPost = await createPost(author, 'reported');
      const reportId = await report(reporter, 'post', reportedPost);
      const doomedPost = await createPost(author, 'to be deleted');

      const calls: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
        { method: 'GET', url: '/api/admin/stats' },
        { method: 'GET', url: '/api/admin/reports?status=pending' },
        { method: 'POST', url: `/api/admin/reports/${reportId}/resolve`, payload: { action: 'resolved' } },
        { method: 'POST', url: `/api/admin/posts/${doomedPost}/delete`, payload: {} },
        { method: 'GET', url: '/api/admin/users?q=crowd' },
        { method: 'POST', url: `/api/admin/users/${target.userId}/block`, payload: { blocked: true } },
        { method: 'POST', url: `/api/admin/users/${target.userId}/admin`, payload: { isAdmin: true } },
        { method: 'GET', url: '/api/admin/audit' },
        { method: 'GET', url: '/api/admin/settings' },
      ];
      for (const call of calls) {
        const anonymous = await t.app.inject({ ...call, headers: { origin: APP_URL } });
        expect(anonymous.statusCode, `anonymous ${call.url}`).toBe(401);
        expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
        for (const [role, client] of [
          ['fan', fan],
          ['blocked fan', blocked],
          ['blocked admin', blockedAdmin],
        ] as const) {
          const refused = await t.app.inject({ ...call, headers: client.headers });
          expect(refused.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
          expect(refused.json().error.code).toBe('FORBIDDEN');
        }
      }
      // Nothing happened on the way: the report is still pending, the post live, the user unblocked.
      const [stillPending] = await t.db.select().from(reports).where(eq(reports.id, reportId));
      expect(stillPending?.status).toBe('pending');
      expect((await t.db.select().from(posts).where(eq(posts.id, doomedPost)))[0]?.deletedAt).toBeNull();
      expect((await t.db.select().from(profiles).where(eq(profiles.id, target.userId)))[0]?.isBlocked).toBe(false);

      for (const call of calls) {
        const allowed = await t.app.inject({ ...call, headers: admin.headers });
        expect(allowed.statusCode, `admin ${call.method} ${call.url}: ${allowed.body}`).toBe(200);
      }
    });

    it('follows is_admin as it changes: a granted fan gets in, a revoked one is out again', async () => {
      const [newcomer] = (await t.createFans(1)) as [Fan];
      expect((await newcomer.get('/api/admin/stats')).statusCode).toBe(403);
      const grant = await admin.post(`/api/admin/users/${newcomer.userId}/admin`, { isAdmin: true });
      expect(grant.statusCode).toBe(200);
      expect(grant.json().user).toMatchObject({ id: newcomer.userId, isAdmin: true });
      expect((await newcomer.get('/api/admin/stats')).statusCode).toBe(200);
      expect((await newcomer.get('/api/me')).json().me.isAdmin).toBe(true);

      const revoke = await admin.post(`/api/admin/users/${newcomer.userId}/admin`, {
        isAdmin: false,
        note: 'trial over',
      });
      expect(revoke.statusCode).toBe(200);
      expect(revoke.json().user.isAdmin).toBe(false);
      expect((await newcomer.get('/api/admin/stats')).statusCode).toBe(403);

      const granted = await auditRows(t, 'admin_granted', newcomer.userId);
      const revoked = await auditRows(t, 'admin_revoked', newcomer.userId);
      expect(granted).toHaveLength(1);
      expect(revoked).toHaveLength(1);
      expect(revoked[0]).toMatchObject({ adminId: admin.userId, targetType: 'user', note: 'trial over' });

      // Asking for the state the user is already in changes nothing and writes nothing.
      expect((await admin.post(`/api/admin/users/${newcomer.userId}/admin`, { isAdmin: false })).statusCode).toBe(200);
      expect(await auditRows(t, 'admin_revoked', newcomer.userId)).toHaveLength(1);
    });

    it('validates input and finds nothing where there is nothing', async () => {
      const badAction = await admin.post(`/api/admin/reports/${crypto.randomUUID()}/resolve`, { action: 'deleted' });
      expect(badAction.statusCode).toBe(400);
      const longNote = await admin.post(`/api/admin/reports/${crypto.randomUUID()}/resolve`, {
        action: 'resolved',
        note: 'x'.repeat(501),
      });
      expect(longNote.statusCode).toBe(400);
      expect(longNote.json().error.message).toBe('Notes can be at most 500 characters.');
      const missing = await admin.post(`/api/admin/reports/${crypto.randomUUID()}/resolve`, { action: 'resolved' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Report not found');
      expect((await admin.post('/api/admin/reports/not-a-uuid/resolve', { action: 'resolved' })).statusCode).toBe(400);
      expect((await admin.post(`/api/admin/posts/${crypto.randomUUID()}/delete`, {})).statusCode).toBe(404);
      const noUser = await admin.post('/api/admin/users/nobody/block', { blocked: true });
      expect(noUser.statusCode).toBe(404);
      expect(noUser.json().error.code).toBe('USER_NOT_FOUND');
      expect((await admin.post(`/api/admin/users/${fan.userId}/block`, { blocked: 'yes' })).statusCode).toBe(400);
      expect((await admin.get('/api/admin/reports?status=open')).statusCode).toBe(400);
      expect((await admin.get('/api/admin/reports?cursor=garbage')).statusCode).toBe(400);
      expect((await admin.get('/api/admin/audit?cursor=abc')).statusCode).toBe(400);
    });
  });

  describe('reports', () => {
    it('groups a brigade of reports into one case with the content, and closes it all at once', async () => {
      const [author, r1, r2, r3, commenter] = (await t.createFans(5)) as [Fan, Fan, Fan, Fan, Fan];
      await t.db.update(profiles).set({ nickname: 'author_gio' }).where(eq(profiles.id, author.userId));
      const postId = await createPost(author, 'first wording');
      expect((await author.patch(`/api/posts/${postId}`, { text: 'softer wording' })).statusCode).toBe(200);
      const first = await report(r1, 'post', postId);
      await report(r2, 'post', postId);
      const newest = await report(r3, 'post', postId);

      const comment = await commenter.post(`/api/posts/${postId}/comments`, { body: 'a rude comment' });
      expect(comment.statusCode).toBe(201);
      const commentId = comment.json().comment.id as string;
      const commentReport = await report(r1, 'comment', commentId);
      const userReport = await report(r2, 'user', commenter.userId);

      const page = await admin.get('/api/admin/reports?status=pending');
      expect(page.statusCode).toBe(200);
      const cases = page.json().reports as { id: string; targetId: string }[];
      const postCases = cases.filter((c) => c.targetId === postId);
      expect(postCases).toHaveLength(1);
      const nick = async (fanOf: Fan) =>
        (await t.db.select().from(profiles).where(eq(profiles.id, fanOf.userId)))[0]!.nickname;
      expect(postCases[0]).toMatchObject({
        id: newest,
        status: 'pending',
        targetType: 'post',
        reason: 'Inappropriate content',
        reporter: { id: r3.userId, nickname: await nick(r3) },
        reportCount: 3,
        reporters: [await nick(r3), await nick(r2), await nick(r1)],
        resolutionNote: null,
        resolvedAt: null,
        resolvedBy: null,
        target: {
          type: 'post',
          id: postId,
          text: 'softer wording',
          media: null,
          author: { id: author.userId, nickname: 'author_gio' },
          deletedAt: null,
          revisionsCount: 1,
        },
      });
      expect(cases.find((c) => c.id === commentReport)).toMatchObject({
        targetType: 'comment',
        reportCount: 1,
        target: { type: 'comment', body: 'a rude comment', postId, author: { id: commenter.userId } },
      });
      expect(cases.find((c) => c.id === userReport)).toMatchObject({
        targetType: 'user',
        reason: 'Inappropriate behavior',
        target: { type: 'user', id: commenter.userId, isBlocked: false },
      });
      // Newest first.
      expect(cases.findIndex((c) => c.id === userReport)).toBeLessThan(cases.findIndex((c) => c.id === newest));

      // Resolving through the oldest report closes the whole case.
      const resolved = await admin.post(`/api/admin/reports/${first}/resolve`, {
        action: 'resolved',
        note: '  Spoke to the author.  ',
      });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json()).toEqual({ status: 'resolved', resolvedCount: 3 });
      const pendingAfter = (await admin.get('/api/admin/reports?status=pending')).json().reports as {
        targetId: string;
      }[];
      expect(pendingAfter.some((c) => c.targetId === postId)).toBe(false);
      const resolvedCase = (
        (await admin.get('/api/admin/reports?status=resolved')).json().reports as {
          targetId: string;
          resolvedAt: string | null;
        }[]
      ).find((c) => c.targetId === postId);
      expect(resolvedCase).toMatchObject({
        status: 'resolved',
        reportCount: 3,
        resolutionNote: 'Spoke to the author.',
        resolvedBy: 'moderator_nino',
      });
      expect(resolvedCase?.resolvedAt).not.toBeNull();

      // No action on a closed report, either way.
      for (const action of ['resolved', 'dismissed']) {
        const again = await admin.post(`/api/admin/reports/${newest}/resolve`, { action });
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toMatchObject({
          code: 'REPORT_CLOSED',
          message: 'This report has already been resolved.',
        });
      }

      // Dismissing the user report moves it to Dismissed; the comment case stays pending.
      const dismissed = await admin.post(`/api/admin/reports/${userReport}/resolve`, { action: 'dismissed' });
      expect(dismissed.json()).toEqual({ status: 'dismissed', resolvedCount: 1 });
      const dismissedCases = (await admin.get('/api/admin/reports?status=dismissed')).json().reports as {
        id: string;
        resolutionNote: string | null;
      }[];
      expect(dismissedCases.find((c) => c.id === userReport)).toMatchObject({ resolutionNote: null });
      const again = await admin.post(`/api/admin/reports/${userReport}/resolve`, { action: 'resolved' });
      expect(again.json().error.message).toBe('This report has already been dismissed.');
      const stillPending = (await admin.get('/api/admin/reports')).json().reports as { id: string }[];
      expect(stillPending.some((c) => c.id === commentReport)).toBe(true);

      // A new report after the case was closed opens a new case.
      const reopened = await report(r1, 'post', postId);
      const reopenedCase = ((await admin.get('/api/admin/reports')).json().reports as { id: string }[]).find(
        (c) => c.id === reopened,
      );
      expect(reopenedCase).toMatchObject({ reportCount: 1 });

      // One audit row per action, naming the target and the reports it closed.
      const resolvedRows = await auditRows(t, 'report_resolved', postId);
      expect(resolvedRows).toHaveLength(1);
      expect(resolvedRows[0]).toMatchObject({
        adminId: admin.userId,
        targetType: 'post',
        note: 'Spoke to the author.',
        details: { reportCount: 3 },
      });
      expect((resolvedRows[0]!.details as { reportIds: string[] }).reportIds).toHaveLength(3);
      expect(await auditRows(t, 'report_dismissed', commenter.userId)).toHaveLength(1);
    });

    it('pages 50 cases at a time, newest first, without repeats', async () => {
      const [author, reporter] = (await t.createFans(2)) as [Fan, Fan];
      const targets: string[] = [];
      for (let i = 0; i < 52; i++) targets.push(await createPost(author, `post ${i}`));
      for (const target of targets) await report(reporter, 'post', target);
      const first = await admin.get('/api/admin/reports?status=pending');
      const firstPage = first.json<{ reports: { id: string; targetId: string }[]; nextCursor: string | null }>();
      expect(firstPage.reports).toHaveLength(50);
      expect(firstPage.reports[0]!.targetId).toBe(targets[51]);
      expect(firstPage.nextCursor).not.toBeNull();
      const second = await admin.get(
        `/api/admin/reports?status=pending&cursor=${encodeURIComponent(firstPage.nextCursor!)}`,
      );
      const secondPage = second.json<{ reports: { id: string; targetId: string }[]; nextCursor: string | null }>();
      const all = [...firstPage.reports, ...secondPage.reports];
      expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
      expect(all.map((r) => r.targetId)).toEqual(expect.arrayContaining(targets));
    });
  });

  describe('deleting a post', () => {
    it('soft-deletes like the author would, removes the media file, and writes one audit row', async () => {
      const [author, reader] = (await t.createFans(2)) as [Fan, Fan];
      const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#d71920' } })
        .jpeg()
        .toBuffer();
      const body = multipartBody({ text: 'with a photo' }, { name: 'p.jpg', type: 'image/jpeg', data: jpeg });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: body.payload,
        headers: { ...author.headers, ...body.headers },
      });
      expect(created.statusCode).toBe(201);
      const { id: postId, media } = created.json().post as { id: string; media: { url: string } };
      expect((await t.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(200);
      expect(await feedIds(reader)).toContain(postId);

      const deleted = await admin.post(`/api/admin/posts/${postId}/delete`, { note: 'Graphic content' });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().postId).toBe(postId);

      expect((await t.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(404);
      const [row] = await t.db.select().from(posts).where(eq(posts.id, postId));
      expect(row).toMatchObject({ mediaUrl: null, mediaPath: null, mediaType: null });
      expect(row?.deletedAt).not.toBeNull();
      expect(await feedIds(reader)).not.toContain(postId);
      expect((await reader.get(`/api/posts/${postId}`)).statusCode).toBe(410);

      const twice = await admin.post(`/api/admin/posts/${postId}/delete`, {});
      expect(twice.statusCode).toBe(410);
      expect(twice.json().error.code).toBe('POST_DELETED');

      const rows = await auditRows(t, 'post_deleted', postId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        adminId: admin.userId,
        note: 'Graphic content',
        details: { authorId: author.userId },
      });
    });
  });

  describe('blocking', () => {
    it('ends the sessions, refuses every write with 403, hides the content, and unblocking restores it', async () => {
      const victim = await t.createUser({ nickname: 'loud_fan' });
      const [reader] = (await t.createFans(1)) as [Fan];
      const [dinamo] = await queryRows<{ id: number }>(t.db, sql`select id from clubs where name = 'Dinamo Tbilisi'`);
      expect((await victim.put('/api/me/club', { clubId: dinamo!.id })).statusCode).toBe(200);
      const before = await createPost(victim, 'before the block');
      const readersPost = await createPost(reader, 'a post to like');
      expect(await feedIds(reader)).toContain(before);
      const bearerToken = victim.bearer!;
      expect(bearerToken).toBeTruthy();
      const bearerGet = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect((await bearerGet(bearerToken)).statusCode).toBe(200);

      const blocking = await admin.post(`/api/admin/users/${victim.userId}/block`, { blocked: true, note: 'spam' });
      expect(blocking.statusCode).toBe(200);
      expect(blocking.json().user).toMatchObject({ id: victim.userId, nickname: 'loud_fan', isBlocked: true });
      expect(blocking.json().user.blockedAt).not.toBeNull();

      // Every session is gone: the cookie and the bearer token no longer work.
      expect(await t.db.select().from(session).where(eq(session.userId, victim.userId))).toHaveLength(0);
      expect((await victim.get('/api/me')).statusCode).toBe(401);
      expect((await bearerGet(bearerToken)).statusCode).toBe(401);

      // They can sign in again and read, but not write.
      const again = await signIn(t.app, victim.email, victim.password);
      const me = await again.get('/api/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().me.isBlocked).toBe(true);
      expect((await again.get('/api/feed')).statusCode).toBe(200);
      const writes = [
        await again.post('/api/posts', { text: 'let me in' }),
        await again.post(`/api/posts/${readersPost}/like`),
        await again.post(`/api/posts/${readersPost}/share`),
        await again.post(`/api/posts/${readersPost}/comments`, { body: 'hello' }),
        await again.post('/api/reports', { targetType: 'post', targetId: readersPost }),
        await again.post(`/api/users/${reader.userId}/follow`),
      ];
      for (const refused of writes) {
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().error).toEqual({
          code: 'ACCOUNT_BLOCKED',
          message: 'Your account has been blocked by an administrator. You can still read, but not post or interact.',
        });
      }
      // Their content leaves the feed of others.
      expect(await feedIds(reader)).not.toContain(before);
      expect((await reader.get(`/api/posts/${before}`)).statusCode).toBe(404);

      // Blocking again changes nothing and writes no second audit row.
      expect((await admin.post(`/api/admin/users/${victim.userId}/block`, { blocked: true })).statusCode).toBe(200);
      expect((await again.get('/api/me')).statusCode).toBe(200);

      const unblocking = await admin.post(`/api/admin/users/${victim.userId}/block`, { blocked: false });
      expect(unblocking.statusCode).toBe(200);
      expect(unblocking.json().user).toMatchObject({ isBlocked: false, blockedAt: null });
      expect(await feedIds(reader)).toContain(before);
      const after = await createPost(again, 'back again');
      expect(await feedIds(reader)).toContain(after);

      const blockedRows = await auditRows(t, 'user_blocked', victim.userId);
      expect(blockedRows).toHaveLength(1);
      expect(blockedRows[0]).toMatchObject({ adminId: admin.userId, note: 'spam', details: { sessionsEnded: 1 } });
      expect(await auditRows(t, 'user_unblocked', victim.userId)).toHaveLength(1);
    });

    it('refuses self-block, self-demotion and revoking the last administrator', async () => {
      const selfBlock = await admin.post(`/api/admin/users/${admin.userId}/block`, { blocked: true });
      expect(selfBlock.statusCode).toBe(400);
      expect(selfBlock.json().error).toMatchObject({
        code: 'CANNOT_TARGET_SELF',
        message: 'You cannot block yourself.',
      });

      const [second] = (await t.createFans(1)) as [Fan];
      await makeAdmin(t, second.userId);
      const selfDemotion = await admin.post(`/api/admin/users/${admin.userId}/admin`, { isAdmin: false });
      expect(selfDemotion.statusCode).toBe(400);
      expect(selfDemotion.json().error.message).toBe('You cannot revoke your own admin privileges.');

      // The other administrator may revoke this one, leaving a single administrator...
      expect((await second.post(`/api/admin/users/${admin.userId}/admin`, { isAdmin: false })).statusCode).toBe(200);
      // ...who then cannot revoke themselves: there would be nobody left.
      const lastAdmin = await second.post(`/api/admin/users/${second.userId}/admin`, { isAdmin: false });
      expect(lastAdmin.statusCode).toBe(409);
      expect(lastAdmin.json().error).toEqual({
        code: 'LAST_ADMIN',
        message: 'You cannot revoke the last administrator.',
      });
      expect((await admin.get('/api/admin/stats')).statusCode).toBe(403);
      expect((await second.get('/api/admin/stats')).statusCode).toBe(200);

      // A blocked administrator does not count: with the only other one blocked, this one is the last.
      expect((await second.post(`/api/admin/users/${admin.userId}/admin`, { isAdmin: true })).statusCode).toBe(200);
      expect((await second.post(`/api/admin/users/${admin.userId}/block`, { blocked: true })).statusCode).toBe(200);
      expect((await second.post(`/api/admin/users/${second.userId}/admin`, { isAdmin: false })).statusCode).toBe(409);
      expect((await second.post(`/api/admin/users/${admin.userId}/block`, { blocked: false })).statusCode).toBe(200);

      // Nothing refused was written.
      expect(await auditRows(t, 'user_blocked', admin.userId)).toHaveLength(1);
      expect(await auditRows(t, 'admin_revoked', second.userId)).toHaveLength(0);
      // The admin's sessions ended with the block: sign them back in through a fresh token.
      const token = crypto.randomUUID();
      await t.db
        .insert(session)
        .values({ id: crypto.randomUUID(), token, userId: admin.userId, expiresAt: new Date(Date.now() + DAY) });
      admin.headers.authorization = `Bearer ${token}`;
      expect((await admin.get('/api/admin/stats')).statusCode).toBe(200);
    });
  });

  describe('concurrency', () => {
    it('lets only one of two administrators demoting each other at the same moment succeed', async () => {
      const [a, b] = (await t.createFans(2)) as [Fan, Fan];
      await makeAdmin(t, a.userId);
      await makeAdmin(t, b.userId);
      const answers = await Promise.all([
        a.post(`/api/admin/users/${b.userId}/admin`, { isAdmin: false }),
        b.post(`/api/admin/users/${a.userId}/admin`, { isAdmin: false }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
      const still = await t.db
        .select()
        .from(profiles)
        .where(sql`${profiles.id} in (${a.userId}, ${b.userId})`);
      expect(still.filter((p) => p.isAdmin)).toHaveLength(1);
    });

    /** The audit trail of one member for one pair of actions, oldest first. */
    async function trail(targetId: string, actions: [string, string]) {
      const rows = await t.db
        .select({ action: adminAuditLog.action })
        .from(adminAuditLog)
        .where(
          and(eq(adminAuditLog.targetId, targetId), sql`${adminAuditLog.action} in (${actions[0]}, ${actions[1]})`),
        )
        .orderBy(adminAuditLog.id);
      return rows.map((row) => row.action);
    }

    it('grants and revokes admin for one member 12 times at once without a deadlock; the last change wins', async () => {
      // The member, an administrator to begin with, sorts before the acting administrators. Locked in two steps,
      // an action that saw the member among the administrators locked it first, one that did not locked it last,
      // and two such waited for each other (deadlock_detected, 500).
      const [target, ...acting] = (await t.createFans(3)).sort((x, y) => (x.userId < y.userId ? -1 : 1));
      for (const fan of [target!, ...acting]) await makeAdmin(t, fan.userId);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => [
          acting[i % 2]!.post(`/api/admin/users/${target!.userId}/admin`, { isAdmin: false }),
          acting[(i + 1) % 2]!.post(`/api/admin/users/${target!.userId}/admin`, { isAdmin: true }),
        ]).flat(),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const [row] = await t.db.select().from(profiles).where(eq(profiles.id, target!.userId));
      // Every change was recorded, each one the opposite of the one before, and the state is the last one's.
      const actions = await trail(target!.userId, ['admin_granted', 'admin_revoked']);
      expect(actions.length).toBeGreaterThan(0);
      actions.forEach((action, i) => expect(action).toBe(i % 2 === 0 ? 'admin_revoked' : 'admin_granted'));
      expect(row!.isAdmin).toBe(actions.at(-1) === 'admin_granted');
    });

    it('blocks and unblocks one member 12 times at once without a deadlock; the last change wins', async () => {
      const [target, otherAdmin] = (await t.createFans(2)) as [Fan, Fan];
      // An administrator target, so the member is among the locked administrators too.
      await makeAdmin(t, target.userId);
      await makeAdmin(t, otherAdmin.userId);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const by = i % 2 === 0 ? admin : otherAdmin;
          return [
            by.post(`/api/admin/users/${target.userId}/block`, { blocked: true }),
            by.post(`/api/admin/users/${target.userId}/block`, { blocked: false }),
            by.post(`/api/admin/users/${target.userId}/admin`, { isAdmin: i % 4 === 0 }),
          ];
        }).flat(),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const [row] = await t.db.select().from(profiles).where(eq(profiles.id, target.userId));
      const actions = await trail(target.userId, ['user_blocked', 'user_unblocked']);
      expect(actions.length).toBeGreaterThan(0);
      actions.forEach((action, i) => expect(action).toBe(i % 2 === 0 ? 'user_blocked' : 'user_unblocked'));
      expect(row!.isBlocked).toBe(actions.at(-1) === 'user_blocked');
      const admins = await trail(target.userId, ['admin_granted', 'admin_revoked']);
      expect(row!.isAdmin).toBe(admins.length === 0 || admins.at(-1) === 'admin_granted');
    });
  });

  describe('users', () => {
    it('searches nickname or email without regard to case, treating % and _ literally', async () => {
      const [a, b, c] = (await t.createFans(3)) as [Fan, Fan, Fan];
      await t.db.update(profiles).set({ nickname: 'under_score' }).where(eq(profiles.id, a.userId));
      await t.db.update(profiles).set({ nickname: 'underXscore' }).where(eq(profiles.id, b.userId));
      await blockDirectly(t, c.userId);
      const search = async (q: string) =>
        (await admin.get(`/api/admin/users?q=${encodeURIComponent(q)}`)).json().users as {
          id: string;
          nickname: string;
          email: string;
        }[];
      expect((await search('UNDER_')).map((u) => u.nickname)).toEqual(['under_score']);
      expect((await search('under')).map((u) => u.nickname).sort()).toEqual(['underXscore', 'under_score']);
      expect(await search('%')).toEqual([]);
      const [row] = await queryRows<{ email: string }>(t.db, sql`select email from "user" where id = ${c.userId}`);
      const byEmail = await search(row!.email.toUpperCase());
      expect(byEmail).toHaveLength(1);
      expect(byEmail[0]).toMatchObject({
        id: c.userId,
        email: row!.email,
        isBlocked: true,
        isAdmin: false,
        postsCount: 0,
      });
    });

    it('lists everyone newest first, 50 a page, through ties in the join time', async () => {
      const crowd = await t.createFans(30);
      const sameInstant = new Date();
      for (const member of crowd.slice(0, 6)) {
        await t.db.update(profiles).set({ createdAt: sameInstant }).where(eq(profiles.id, member.userId));
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await admin.get(`/api/admin/users${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(response.statusCode).toBe(200);
        const page = response.json<{ users: { id: string; createdAt: string }[]; nextCursor: string | null }>();
        expect(page.users.length).toBeLessThanOrEqual(50);
        seen.push(...page.users.map((u) => u.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      const [total] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from profiles`);
      expect(total!.n).toBeGreaterThan(50);
      expect(seen).toHaveLength(total!.n);
      expect(new Set(seen).size).toBe(total!.n);
    });
  });

  describe('audit log and settings', () => {
    it('lists the audit log newest first with the administrator', async () => {
      const response = await admin.get('/api/admin/audit');
      expect(response.statusCode).toBe(200);
      const entries = response.json().entries as { id: string; action: string; admin: { nickname: string } | null }[];
      expect(entries.length).toBeGreaterThan(5);
      const ids = entries.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      expect(entries.some((e) => e.action === 'user_blocked' && e.admin?.nickname === 'moderator_nino')).toBe(true);
    });

    it('names each target as a reader knows it: nickname, first line, comment words, team names in both languages', async () => {
      const [author, commenter] = (await t.createFans(2)) as [Fan, Fan];
      await t.db.update(profiles).set({ nickname: 'ნიკა_audit' }).where(eq(profiles.id, commenter.userId));
      const postId = await createPost(author, '  Derby day at Boris Paichadze\nsecond line  ');
      const commentId = (await commenter.post(`/api/posts/${postId}/comments`, { body: 'A rude\nremark' })).json()
        .comment.id as string;
      expect((await admin.post(`/api/admin/comments/${commentId}/delete`, {})).statusCode).toBe(200);
      expect((await admin.post(`/api/admin/posts/${postId}/delete`, {})).statusCode).toBe(200);
      expect((await admin.post(`/api/admin/users/${commenter.userId}/block`, { blocked: true })).statusCode).toBe(200);
      const team = (await admin.get('/api/admin/teams')).json<{ teams: { id: number; name: string }[] }>().teams[0]!;
      const updated = await admin.patch(`/api/admin/teams/${team.id}`, { nameKa: 'გუნდი აუდიტი' });
      expect(updated.statusCode, updated.body).toBe(200);

      const entries = (await admin.get('/api/admin/audit')).json().entries as {
        action: string;
        targetId: string;
        targetLabel: string | null;
        targetLabelKa: string | null;
      }[];
      const find = (action: string, targetId: string) =>
        entries.find((e) => e.action === action && e.targetId === targetId);
      expect(find('post_deleted', postId)).toMatchObject({
        targetLabel: 'Derby day at Boris Paichadze',
        targetLabelKa: null,
      });
      expect(find('comment_deleted', commentId)?.targetLabel).toBe('A rude');
      expect(find('user_blocked', commenter.userId)?.targetLabel).toBe('ნიკა_audit');
      expect(find('team_updated', String(team.id))).toMatchObject({
        targetLabel: team.name,
        targetLabelKa: 'გუნდი აუდიტი',
      });

      // A target that is gone is named by nothing rather than by an id.
      await t.db.delete(profiles).where(eq(profiles.id, commenter.userId));
      const after = (await admin.get('/api/admin/audit')).json().entries as typeof entries;
      expect(after.find((e) => e.action === 'user_blocked' && e.targetId === commenter.userId)?.targetLabel).toBeNull();
    });

    it('shows the configuration in force', async () => {
      const response = await admin.get('/api/admin/settings');
      expect(response.statusCode).toBe(200);
      const settings = response.json();
      expect(settings.rateLimitsEnabled).toBe(false);
      expect(settings.userLimits).toEqual(
        expect.arrayContaining([
          { action: 'posts', max: 10, windowSeconds: 60 },
          { action: 'comments', max: 30, windowSeconds: 60 },
          { action: 'likes', max: 120, windowSeconds: 60 },
          { action: 'shares', max: 60, windowSeconds: 60 },
          { action: 'reports', max: 20, windowSeconds: 60 },
        ]),
      );
      expect(settings.authLimits).toContainEqual({ endpoint: '/sign-in/email', max: 10, windowSeconds: 60 });
      expect(settings.pushChannels.every((c: { configured: boolean }) => !c.configured)).toBe(true);
      expect(settings.media).toMatchObject({ maxBytes: 10 * 1024 * 1024, avatarMaxBytes: 5 * 1024 * 1024 });
    });
  });
});

describe('statistics on a hand-built dataset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: true });
  });
  afterAll(async () => t?.close());

  it('counts exactly what it should', async () => {
    const fans = await t.createFans(8);
    const [admin, recent1, recent2, month1, month2, old1, old2, blockedFan] = fans as [
      Fan,
      Fan,
      Fan,
      Fan,
      Fan,
      Fan,
      Fan,
      Fan,
    ];
    await makeAdmin(t, admin.userId);
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const setCreated = (fan: Fan, at: Date) =>
      t.db.update(profiles).set({ createdAt: at }).where(eq(profiles.id, fan.userId));
    // 4 profiles in the last 7 days (admin, recent1, recent2, blockedFan), 2 more in the last 30, 2 older.
    await setCreated(recent1, ago(1));
    await setCreated(recent2, ago(6.5));
    await setCreated(month1, ago(8));
    await setCreated(month2, ago(29));
    await setCreated(old1, ago(31));
    await setCreated(old2, ago(400));
    await blockDirectly(t, blockedFan.userId);

    const [club] = await queryRows<{ id: number }>(t.db, sql`select id from clubs where name = 'Dinamo Tbilisi'`);
    const midnight = tbilisiMidnight();
    const insert = (authorId: string, createdAt: Date, deletedAt: Date | null = null) =>
      t.db
        .insert(posts)
        .values({ authorId, clubId: club!.id, text: 'x', createdAt, deletedAt })
        .returning({ id: posts.id });
    await insert(recent1.userId, new Date()); // today
    await insert(recent2.userId, new Date(Math.max(midnight.getTime(), Date.now() - 60_000))); // today
    await insert(blockedFan.userId, new Date()); // today, by a blocked fan: still a live post
    await insert(old1.userId, new Date(midnight.getTime() - 60_000)); // yesterday in Tbilisi
    await insert(old2.userId, ago(100));
    await insert(month1.userId, new Date(), new Date()); // deleted: counts nowhere
    const [target] = await insert(month2.userId, ago(2));

    // 3 pending reports (two on one post), 1 resolved, 1 dismissed.
    const values = (reporterId: string, status: 'pending' | 'resolved' | 'dismissed', targetId: string) => ({
      reporterId,
      status,
      targetType: 'post' as const,
      targetId,
      reason: 'Inappropriate content',
    });
    await t.db
      .insert(reports)
      .values([
        values(recent1.userId, 'pending', target!.id),
        values(recent2.userId, 'pending', target!.id),
        { ...values(old1.userId, 'pending', month1.userId), targetType: 'user', reason: 'Inappropriate behavior' },
        values(old2.userId, 'resolved', target!.id),
        values(month1.userId, 'dismissed', target!.id),
      ]);

    const response = await admin.get('/api/admin/stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalUsers: 8,
      newUsers7d: 4,
      newUsers30d: 6,
      pendingReports: 3,
      totalPosts: 6,
      postsToday: 3,
      blockedUsers: 1,
    });

    // The brigade on the post is one case of two reports; the user report is another.
    const queue = (await admin.get('/api/admin/reports')).json().reports as { targetId: string; reportCount: number }[];
    expect(queue.map((c) => [c.targetId, c.reportCount]).sort()).toEqual(
      [
        [target!.id, 2],
        [month1.userId, 1],
      ].sort(),
    );
  });

  it('shows rate limits as enabled when they are, and the posts limit is the one in force', async () => {
    const [admin, poster] = (await t.createFans(2)) as [Fan, Fan];
    await makeAdmin(t, admin.userId);
    const settings = (await admin.get('/api/admin/settings')).json();
    expect(settings.rateLimitsEnabled).toBe(true);
    const postsLimit = settings.userLimits.find((l: { action: string }) => l.action === 'posts').max as number;
    for (let i = 0; i < postsLimit; i++)
      expect((await poster.post('/api/posts', { text: `n${i}` })).statusCode).toBe(201);
    expect((await poster.post('/api/posts', { text: 'one too many' })).statusCode).toBe(429);
  });
});
