import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkIn, pathOf, post, signIn, type TestApp } from '../../../test/harness.js';
import { buildPushPayload } from '../push/payload.js';
import { welcomeText } from '../telegram-bot.js';
import { ergative } from '@burti/shared';
import { messages } from './messages.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the account language', () => {
  it('starts as the language the fan signed up in, and the confirmation email speaks it', async () => {
    const email = t.uniqueEmail('giorgi');
    const signUp = await post(
      t.app,
      '/api/auth/sign-up/email',
      { email, password: 'tbilisi-1925', name: '' },
      { 'accept-language': 'ka-GE,ka;q=0.9,en;q=0.8' },
    );
    expect(signUp.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(email, /დაადასტურე ელფოსტა/);
    expect(mail.text).toContain('საქართველოს ფეხბურთის სოციალურ ქსელში');
    expect(mail.html).toContain('ელფოსტის დადასტურება');
    await t.app.inject({ method: 'GET', url: pathOf(linkIn(mail.text)) });
    const fan = await signIn(t.app, email, 'tbilisi-1925');
    expect((await fan.get('/api/me')).json().me.language).toBe('ka');
  });

  it('is English for a browser that prefers neither language', async () => {
    const email = t.uniqueEmail('hans');
    await post(
      t.app,
      '/api/auth/sign-up/email',
      { email, password: 'tbilisi-1925', name: '' },
      { 'accept-language': 'de-DE,de' },
    );
    const mail = await t.smtp.waitForMail(email, /Confirm your email for Burti/);
    expect(mail.text).toContain('Welcome to Burti');
  });

  it('is saved from Settings, kept on every device, and used for the password reset email', async () => {
    const fan = await t.createUser();
    expect((await fan.get('/api/me')).json().me.language).toBe('en');
    const saved = await fan.patch('/api/me/profile', { language: 'ka' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().me.language).toBe('ka');

    // Another device: a second session on the same account.
    const other = await signIn(t.app, fan.email, fan.password);
    expect((await other.get('/api/me')).json().me.language).toBe('ka');

    // The reset email follows the account, whatever the asking browser says.
    const reset = await post(
      t.app,
      '/api/auth/request-password-reset',
      { email: fan.email, redirectTo: '/auth/reset' },
      { 'accept-language': 'en-US' },
    );
    expect(reset.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(fan.email, /პაროლის აღდგენა/);
    expect(mail.text).toContain('ახალი პაროლის არჩევა');
  });

  it('refuses a language Burti does not speak, and changes nothing', async () => {
    const fan = await t.createUser();
    const refused = await fan.patch('/api/me/profile', { language: 'ru' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION');
    expect((await fan.get('/api/me')).json().me.language).toBe('en');
  });
});

describe('push and bot texts', () => {
  const base = { appName: 'Burti', postId: 'p1', actorId: 'a1' };

  it('speak the recipient’s language', () => {
    expect(buildPushPayload({ ...base, type: 'like', actorNickname: 'nika', language: 'en' }).body).toBe(
      'nika liked your post',
    );
    expect(buildPushPayload({ ...base, type: 'like', actorNickname: 'nika', language: 'ka' }).body).toBe(
      'nika-ს მოეწონა შენი პოსტი',
    );
    expect(buildPushPayload({ ...base, type: 'follow', actorNickname: 'zura', language: 'ka' }).body).toBe(
      'zura-მ გამოგიწერა',
    );
    expect(buildPushPayload({ ...base, type: 'comment', actorNickname: 'gio_10', language: 'ka' }).body).toBe(
      'gio_10-მა შენს პოსტზე კომენტარი დაწერა',
    );
    expect(buildPushPayload({ ...base, type: 'mystery', actorNickname: 'nika' }).body).toBe(
      'nika sent you a notification',
    );
  });

  it('welcome Telegram users in the language of their Telegram app', () => {
    expect(welcomeText('Burti', false, 'ka')).toContain('კეთილი იყოს შენი მობრძანება Burti-ში');
    expect(welcomeText('Burti', true, 'ka')).toContain(messages('ka').botInvited);
    expect(welcomeText('Burti', false, 'en-GB')).toContain('Welcome to Burti');
    expect(welcomeText('Burti', false, 'ru')).toContain('Welcome to Burti');
  });

  it('attach the Georgian case ending to any nickname', () => {
    expect(ergative('nika')).toBe('nika-მ');
    expect(ergative('ნიკა')).toBe('ნიკა-მ');
    expect(ergative('Levan')).toBe('Levan-მა');
  });
});

describe('both catalogues', () => {
  it('have the same messages', () => {
    const shape = (value: unknown): unknown =>
      value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : typeof value;
    expect(shape(messages('ka'))).toEqual(shape(messages('en')));
  });
});
