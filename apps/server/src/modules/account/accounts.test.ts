import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, profiles, session, user } from '../../db/schema/index.js';
import { createTestApp, linkIn, pathOf, post, signIn, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('sign-up, confirmation and sign-in', () => {
  it('refuses sign-in until the emailed link is followed, then keeps a session', async () => {
    const email = t.uniqueEmail('nika');
    const signUp = await post(t.app, '/api/auth/sign-up/email', { email, password: 'tbilisi-1925', name: '' });
    expect(signUp.statusCode).toBe(200);

    const early = await post(t.app, '/api/auth/sign-in/email', { email, password: 'tbilisi-1925' });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/not verified/i);

    const mail = await t.smtp.waitForMail(email, /Confirm your email for Burti/);
    const link = linkIn(mail.text);
    expect(link).toContain('/api/auth/verify-email?token=');
    const confirm = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(confirm.statusCode).toBe(302);

    const client = await signIn(t.app, email, 'tbilisi-1925');
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().me).toMatchObject({ email, primaryClub: null, isAdmin: false, goalBalance: 0 });

    const session = await client.get('/api/auth/get-session');
    expect(session.json().user.email).toBe(email);

    const signOut = await client.post('/api/auth/sign-out');
    expect(signOut.statusCode).toBe(200);
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('lands the confirmation link on the auth screen with the signup message', async () => {
    const email = t.uniqueEmail();
    await post(t.app, '/api/auth/sign-up/email', {
      email,
      password: 'tbilisi-1925',
      name: '',
      callbackURL: `${t.config.appUrl}/auth?type=signup&message=confirmed`,
    });
    const mail = await t.smtp.waitForMail(email, /Confirm your email/);
    const confirm = await t.app.inject({ method: 'GET', url: pathOf(linkIn(mail.text)) });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe(`${t.config.appUrl}/auth?type=signup&message=confirmed`);
  });

  it('answers a sign-up with a known email exactly like a new one, and sends no second confirmation', async () => {
    const existing = await t.createUser();
    const before = t.smtp.received.filter((m) => m.to.includes(existing.email)).length;
    const again = await post(t.app, '/api/auth/sign-up/email', {
      email: existing.email,
      password: 'another-pass-1',
      name: '',
    });
    const fresh = await post(t.app, '/api/auth/sign-up/email', {
      email: t.uniqueEmail(),
      password: 'another-pass-1',
      name: '',
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json())).toEqual(Object.keys(fresh.json()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.received.filter((m) => m.to.includes(existing.email))).toHaveLength(before);
  });

  it('refuses passwords outside 8 to 128 characters', async () => {
    const short = await post(t.app, '/api/auth/sign-up/email', { email: t.uniqueEmail(), password: 'short', name: '' });
    const long = await post(t.app, '/api/auth/sign-up/email', {
      email: t.uniqueEmail(),
      password: 'x'.repeat(129),
      name: '',
    });
    expect(short.statusCode).toBe(400);
    expect(long.statusCode).toBe(400);
  });

  it('refuses a wrong password with a clear message', async () => {
    const fan = await t.createUser();
    const wrong = await post(t.app, '/api/auth/sign-in/email', { email: fan.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/invalid email or password/i);
  });
});

describe('nicknames', () => {
  it('defaults to the email local part, cleaned and made unique', async () => {
    const first = await t.createUser({ email: `giorgi+news.${Date.now()}@example.ge` });
    const me1 = (await first.get('/api/me')).json().me;
    expect(me1.nickname).toMatch(/^giorginews\./);

    const local = `kvara${Date.now().toString(36)}`;
    const a = await t.createUser({ email: `${local}@one.ge` });
    const b = await t.createUser({ email: `${local}@two.ge` });
    const nickA = (await a.get('/api/me')).json().me.nickname;
    const nickB = (await b.get('/api/me')).json().me.nickname;
    expect(nickA).toBe(local);
    expect(nickB).not.toBe(nickA);
    expect(nickB.startsWith(local)).toBe(true);
  });

  it('keeps a chosen nickname and refuses one taken in another case', async () => {
    const nick = `Dinamo_${Date.now().toString(36)}`;
    const fan = await t.createUser({ nickname: nick });
    expect((await fan.get('/api/me')).json().me.nickname).toBe(nick);

    const clash = await post(t.app, '/api/auth/sign-up/email', {
      email: t.uniqueEmail(),
      password: 'tbilisi-1925',
      name: nick.toUpperCase(),
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('That nickname is already taken.');
  });

  it('accepts a Georgian nickname and refuses one with forbidden characters', async () => {
    const georgian = `ბურთი${Date.now().toString().slice(-6)}`;
    const fan = await t.createUser({ nickname: georgian });
    expect((await fan.get('/api/me')).json().me.nickname).toBe(georgian);
    const bad = await post(t.app, '/api/auth/sign-up/email', {
      email: t.uniqueEmail(),
      password: 'tbilisi-1925',
      name: 'no spaces!',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('sends a link that sets a new password and ends the old sessions', async () => {
    const fan = await t.createUser();
    const request = await post(t.app, '/api/auth/request-password-reset', {
      email: fan.email,
      redirectTo: `${t.config.appUrl}/auth?mode=reset`,
    });
    expect(request.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(fan.email, /Reset your Burti password/);
    const link = await t.app.inject({ method: 'GET', url: pathOf(linkIn(mail.text)) });
    expect(link.statusCode).toBe(302);
    const target = new URL(link.headers.location as string);
    expect(target.pathname).toBe('/auth');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post(t.app, '/api/auth/reset-password', { newPassword: 'a-brand-new-pass', token });
    expect(reset.statusCode).toBe(200);
    expect((await fan.get('/api/me')).statusCode).toBe(401);
    const old = await post(t.app, '/api/auth/sign-in/email', { email: fan.email, password: fan.password });
    expect(old.statusCode).toBe(401);
    const again = await signIn(t.app, fan.email, 'a-brand-new-pass');
    expect((await again.get('/api/me')).statusCode).toBe(200);
  });

  it('answers the same for an unknown email', async () => {
    const response = await post(t.app, '/api/auth/request-password-reset', { email: t.uniqueEmail('ghost') });
    expect(response.statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('removes the person and keeps the counters of others true', async () => {
    const leaving = await t.createUser();
    const staying = await t.createUser();
    await t.db.insert(follows).values([
      { followerId: leaving.userId, followingId: staying.userId },
      { followerId: staying.userId, followingId: leaving.userId },
    ]);
    const [before] = await t.db.select().from(profiles).where(eq(profiles.id, staying.userId));
    expect(before).toMatchObject({ followersCount: 1, followingCount: 1 });

    const response = await leaving.delete('/api/me');
    expect(response.statusCode).toBe(204);

    expect(await t.db.select().from(user).where(eq(user.id, leaving.userId))).toHaveLength(0);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, leaving.userId))).toHaveLength(0);
    expect(await t.db.select().from(session).where(eq(session.userId, leaving.userId))).toHaveLength(0);
    const [after] = await t.db.select().from(profiles).where(eq(profiles.id, staying.userId));
    expect(after).toMatchObject({ followersCount: 0, followingCount: 0 });

    expect((await leaving.get('/api/me')).statusCode).toBe(401);
    const signInAgain = await post(t.app, '/api/auth/sign-in/email', {
      email: leaving.email,
      password: leaving.password,
    });
    expect(signInAgain.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { origin: t.config.appUrl } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('administrator email', () => {
  it('makes the ADMIN_EMAIL account an administrator when it confirms', async () => {
    const adminEmail = `boss.${Date.now()}@burti.ge`;
    const admin = await createTestApp({ adminEmail });
    try {
      const boss = await admin.createUser({ email: adminEmail });
      expect((await boss.get('/api/me')).json().me.isAdmin).toBe(true);
      const fan = await admin.createUser();
      expect((await fan.get('/api/me')).json().me.isAdmin).toBe(false);
    } finally {
      await admin.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 after too many sign-in attempts from one address', async () => {
    const limited = await createTestApp({ rateLimits: true });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await post(limited.app, '/api/auth/sign-in/email', {
          email: 'nobody@example.ge',
          password: 'wrong-password',
        });
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, 10).every((code) => code === 401)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
