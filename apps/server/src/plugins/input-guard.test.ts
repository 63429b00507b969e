import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema/index.js';
import { encodeCursor } from '../lib/cursor.js';
import { APP_URL, createTestApp, type Client, type TestApp } from '../../test/harness.js';

let t: TestApp;
let fan: Client & { email: string };

beforeAll(async () => {
  t = await createTestApp();
  fan = await t.createUser({ nickname: 'guarded_fan' });
  await fan.put('/api/me/club', { clubId: 1 });
});
afterAll(async () => t?.close());

type Answer = { statusCode: number; json: () => unknown };

/** A 400 in the contract's shape: `{ error: { code, message, fields? } }`. */
function expectBadRequest(response: Answer, code = 'VALIDATION') {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('control characters', () => {
  it('refuses NUL in a text field, a path parameter and a query, and stores nothing', async () => {
    const before = (await fan.get('/api/feed')).json<{ posts: unknown[] }>().posts.length;
    expectBadRequest(await fan.post('/api/posts', { text: 'hello\u0000world' }));
    expectBadRequest(await fan.patch('/api/me/profile', { bio: 'a\u0000b' }));
    expectBadRequest(await fan.get('/api/users/abc%00def/posts'));
    expectBadRequest(await fan.get('/api/clubs?q=din%00amo'));
    expectBadRequest(await fan.post('/api/reports', { targetType: 'user', targetId: '\u0000' }));
    expect((await fan.get('/api/feed')).json<{ posts: unknown[] }>().posts.length).toBe(before);
    const bad = await fan.post('/api/posts', { text: 'x\u0007' });
    expect(bad.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty('text');
  });

  it('keeps line breaks and tabs', async () => {
    const ok = await fan.post('/api/posts', { text: 'line one\nline two\ttabbed' });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses NUL in a multipart text field', async () => {
    const boundary = '----burtiNul';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nbad\u0000text\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload,
      headers: { cookie: fan.cookie, origin: APP_URL, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectBadRequest(response);
  });
});

describe('integer bounds', () => {
  it('answers 400 for a club id above 2^31-1 in a body, a path and a query', async () => {
    expectBadRequest(await fan.put('/api/me/club', { clubId: 2 ** 31 }));
    expectBadRequest(await fan.put('/api/me/club', { clubId: 1e300 }));
    expectBadRequest(await fan.get('/api/clubs/2147483648'));
    expectBadRequest(await fan.get('/api/clubs/99999999999999999999999/posts'));
    expectBadRequest(await fan.get('/api/leaderboard?clubId=2147483648'));
  });
});

describe('cursors', () => {
  it('answers 400 for a well-formed cursor naming an impossible time', async () => {
    const id = crypto.randomUUID();
    for (const at of [
      '2024-13-01T00:00:00.000000',
      '2024-02-30T10:00:00.000000',
      '2024-01-01T25:00:00.000000',
      '0000-00-00T00:00:00.000000',
    ]) {
      const cursor = encodeCursor({ at, id });
      expectBadRequest(await fan.get(`/api/feed?cursor=${cursor}`));
      expectBadRequest(await fan.get(`/api/clubs/1/posts?cursor=${cursor}`));
      expectBadRequest(await fan.get(`/api/users/${fan.userId}/posts?cursor=${cursor}`));
    }
    const fine = encodeCursor({ at: '2024-02-29T10:00:00.123456', id });
    expect((await fan.get(`/api/feed?cursor=${fine}`)).statusCode).toBe(200);
  });
});

describe('multipart', () => {
  const send = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload,
      headers: { cookie: fan.cookie, origin: APP_URL, 'content-type': contentType },
    });

  it('answers 400 for a body with no boundary', async () => {
    expectBadRequest(
      await send('multipart/form-data', '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nhi\r\n--x--\r\n'),
    );
  });

  it('answers 400 for an unterminated part, on create, edit and avatar', async () => {
    const boundary = 'cut';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0`;
    expectBadRequest(await send(`multipart/form-data; boundary=${boundary}`, cut));
    const created = await fan.post('/api/posts', { text: 'to edit' });
    const postId = created.json<{ post: { id: string } }>().post.id;
    const headers = {
      cookie: fan.cookie,
      origin: APP_URL,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    expectBadRequest(await t.app.inject({ method: 'PATCH', url: `/api/posts/${postId}`, payload: cut, headers }));
    expectBadRequest(await t.app.inject({ method: 'POST', url: '/api/me/avatar', payload: cut, headers }));
  });

  it('answers 415 for a multipart body where the route takes no files, and changes nothing', async () => {
    const created = await fan.post('/api/posts', { text: 'no files here' });
    const postId = created.json<{ post: { id: string } }>().post.id;
    const boundary = 'b';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/comments`,
      payload: form,
      headers: { cookie: fan.cookie, origin: APP_URL, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('UNSUPPORTED_MEDIA');
    const comments = await fan.get(`/api/posts/${postId}/comments`);
    expect(comments.json<{ comments: unknown[] }>().comments).toEqual([]);
  });
});

describe('JSON nesting and size', () => {
  it('answers 400 for deeply nested JSON on the API and on every auth endpoint', async () => {
    const deep = `{"email":${nested(5000)}}`;
    const headers = { origin: APP_URL, 'content-type': 'application/json', cookie: fan.cookie };
    for (const url of [
      '/api/posts',
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/update-user',
      '/api/auth/change-password',
      '/api/auth/request-password-reset',
    ]) {
      expectBadRequest(await t.app.inject({ method: 'POST', url, payload: deep, headers }));
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: big,
      headers: { cookie: fan.cookie, origin: APP_URL, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('auth endpoints', () => {
  it('answers 400 for {"name": null} on update-user and keeps the name', async () => {
    const response = await fan.post('/api/auth/update-user', { name: null });
    expectBadRequest(response);
    const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, fan.userId));
    expect(row?.name).toBe('guarded_fan');
  });

  it('refuses an image set through update-user', async () => {
    const response = await fan.post('/api/auth/update-user', { image: 'https://evil.example/track.png' });
    expectBadRequest(response);
    const [row] = await t.db.select({ image: user.image }).from(user).where(eq(user.id, fan.userId));
    expect(row?.image ?? null).toBeNull();
  });

  it('answers 400 for wrong types on sign-in and sign-up instead of reaching the library', async () => {
    expectBadRequest(await fan.post('/api/auth/sign-in/email', { email: { $ne: 1 }, password: 'x' }));
    expectBadRequest(await fan.post('/api/auth/sign-in/email', { email: 'a@b.ge', password: ['x'] }));
    expectBadRequest(
      await fan.post('/api/auth/sign-up/email', { email: 'new@b.ge', password: 'long enough pass', name: 7 }),
    );
    expectBadRequest(
      await fan.post('/api/auth/sign-up/email', { email: 'new@b.ge', password: 'long\u0000enough pass', name: '' }),
    );
  });
});
