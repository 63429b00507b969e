import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, profiles, signInFailures } from '../db/schema/index.js';
import { createTestApp, post, type TestApp } from '../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  // Limits on, as in production: the per-account limit is one of them.
  // X-Forwarded-For names the client only from a trusted proxy: app.inject comes from 127.0.0.1.
  t = await createTestApp({ rateLimits: true, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => t?.close());

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('cross-site writes', () => {
  it('refuses a cookie-authenticated write from a foreign Origin with 403, and changes nothing', async () => {
    const fan = await t.createUser();
    await fan.put('/api/me/club', { clubId: 1 });
    const attempts = [
      { method: 'POST' as const, url: '/api/posts', payload: { text: 'forged post' } },
      { method: 'PATCH' as const, url: '/api/me/profile', payload: { bio: 'forged bio' } },
      { method: 'PUT' as const, url: '/api/me/club', payload: { clubId: 2 } },
      { method: 'DELETE' as const, url: '/api/me', payload: {} },
      { method: 'POST' as const, url: '/api/auth/update-user', payload: { name: 'forged' } },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({
        ...attempt,
        headers: { cookie: fan.cookie, origin: 'https://evil.example' },
      });
      expect(response.statusCode, attempt.url).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN_ORIGIN');
    }
    // A form post with only a Referer from elsewhere, and one with no origin at all, are refused too.
    const referer = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { text: 'forged' },
      headers: { cookie: fan.cookie, referer: 'https://evil.example/page' },
    });
    expect(referer.statusCode).toBe(403);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { text: 'forged' },
      headers: { cookie: fan.cookie },
    });
    expect(bare.statusCode).toBe(403);

    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, fan.userId));
    expect(profile).toMatchObject({ bio: null, primaryClubId: 1 });
    expect(await t.db.select().from(posts).where(eq(posts.authorId, fan.userId))).toHaveLength(0);

    // From the app's origin, the Telegram web client, or with a bearer token: allowed.
    expect((await fan.post('/api/posts', { text: 'from the app' })).statusCode).toBe(201);
    const telegram = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { text: 'from telegram' },
      headers: { cookie: fan.cookie, origin: 'https://web.telegram.org' },
    });
    expect(telegram.statusCode).toBe(201);
    const [crowd] = await t.createFans(1);
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { text: 'native' },
      headers: { authorization: crowd!.headers.authorization, origin: 'https://evil.example' },
    });
    expect(bearer.statusCode).toBe(201);
  });
});

describe('sign-in limits per account', () => {
  it('11 wrong passwords for one account from 11 addresses end in 429, even for the right password', async () => {
    const fan = await t.createUser();
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const response = await post(
        t.app,
        '/api/auth/sign-in/email',
        { email: fan.email, password: `wrong guess ${i}` },
        from(`203.0.113.${i}`),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const locked = await post(
      t.app,
      '/api/auth/sign-in/email',
      { email: fan.email.toUpperCase(), password: fan.password },
      from('198.51.100.7'),
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(locked.json().error.message).toMatch(/Too many failed sign-ins for this account\. Please wait 1 minute/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Once the wait is over, the right password works and clears the count; the next lock after that waits longer.
    await t.db.update(signInFailures).set({ lockedUntil: new Date(Date.now() - 1000) });
    const ok = await post(
      t.app,
      '/api/auth/sign-in/email',
      { email: fan.email, password: fan.password },
      from('198.51.100.8'),
    );
    expect(ok.statusCode).toBe(200);
    expect(await t.db.select().from(signInFailures)).toHaveLength(0);
  });

  it('doubles the wait with each failure after a lock', async () => {
    const fan = await t.createUser();
    const account = fan.email.toLowerCase();
    for (let i = 0; i < 10; i++) {
      await post(
        t.app,
        '/api/auth/sign-in/email',
        { email: fan.email, password: 'not it at all' },
        from(`192.0.2.${i}`),
      );
    }
    const first = await t.db.select().from(signInFailures).where(eq(signInFailures.account, account));
    const firstWait = first[0]!.lockedUntil!.getTime() - first[0]!.lastFailureAt.getTime();
    await t.db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInFailures.account, account));
    await post(t.app, '/api/auth/sign-in/email', { email: fan.email, password: 'still wrong' }, from('192.0.2.200'));
    const second = await t.db.select().from(signInFailures).where(eq(signInFailures.account, account));
    const secondWait = second[0]!.lockedUntil!.getTime() - second[0]!.lastFailureAt.getTime();
    expect(Math.round(firstWait / 1000)).toBe(60);
    expect(Math.round(secondWait / 1000)).toBe(120);
  });
});

describe('passwords', () => {
  it('refuses "password" and other common passwords with a clear message, on sign-up and on change', async () => {
    for (const password of ['password', '12345678', 'Football1', 'qwertyuiop']) {
      const response = await post(t.app, '/api/auth/sign-up/email', {
        email: t.uniqueEmail('weak'),
        password,
        name: '',
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is one of the most common and easy to guess. Please choose a less predictable one.',
      });
      expect(response.json().error.fields.password).toBeTruthy();
    }
    const fan = await t.createUser();
    const change = await fan.post('/api/auth/change-password', {
      currentPassword: fan.password,
      newPassword: 'iloveyou',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.code).toBe('PASSWORD_TOO_COMMON');
    expect(change.json().error.fields.newPassword).toBeTruthy();
    // An uncommon one is fine.
    const fine = await post(t.app, '/api/auth/sign-up/email', {
      email: t.uniqueEmail('strong'),
      password: 'Mtatsminda at dusk 1925',
      name: '',
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('moderation', () => {
  it('tells viewers a post was removed by a moderator, and an author deletion as before', async () => {
    const [admin, author, reader] = await t.createFans(3);
    await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin!.userId));
    const byModerator = (await author!.post('/api/posts', { text: 'to be moderated' })).json().post.id as string;
    const byAuthor = (await author!.post('/api/posts', { text: 'to be withdrawn' })).json().post.id as string;
    expect((await admin!.post(`/api/admin/posts/${byModerator}/delete`, {})).statusCode).toBe(200);
    expect((await author!.delete(`/api/posts/${byAuthor}`)).statusCode).toBe(204);

    const moderated = await reader!.get(`/api/posts/${byModerator}`);
    expect(moderated.statusCode).toBe(410);
    expect(moderated.json().error).toEqual({ code: 'POST_REMOVED_BY_MODERATOR', message: 'Removed by a moderator.' });
    const withdrawn = await reader!.get(`/api/posts/${byAuthor}`);
    expect(withdrawn.json().error.code).toBe('POST_DELETED');
  });
});
