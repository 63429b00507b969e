import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { uniqueEmail } from './fan';
import { firstLink, readMail } from './outbox';

export const PASSWORD = 'tbilisi-1925';
export const PHONE = { width: 390, height: 740 };

// ---------------------------------------------------------------------------------------------------------------
// Fans through the API (the UI journeys of sign-up are covered in foundation.spec.ts).
// ---------------------------------------------------------------------------------------------------------------
export type Fan = { context: BrowserContext; page: Page; email: string; id: string };

export async function newFan(
  browser: Browser,
  options: { email?: string; nickname?: string; locale?: string; existing?: boolean } = {},
): Promise<Fan> {
  const email = options.email ?? uniqueEmail('kartuli');
  const context = await browser.newContext({ viewport: PHONE, locale: options.locale });
  const page = await context.newPage();
  if (!options.existing) {
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, name: options.nickname ?? '' },
    });
    expect(signUp.status()).toBe(200);
    const mail = await readMail(email, /Confirm your email|დაადასტურე ელფოსტა/);
    await page.request.get(firstLink(mail.text));
  }
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  const me = (await (await page.request.get('/api/me')).json()) as { me: { id: string } };
  return { context, page, email, id: me.me.id };
}

export async function joinDinamo(fan: Fan) {
  const { clubs } = (await (await fan.page.request.get(`/api/clubs?q=${encodeURIComponent('დინამო')}`)).json()) as {
    clubs: { id: number; name: string }[];
  };
  expect(clubs[0]?.name).toBe('Dinamo Tbilisi');
  expect((await fan.page.request.put('/api/me/club', { data: { clubId: clubs[0]!.id } })).status()).toBe(200);
}

/** The server's ADMIN_EMAIL (playwright.config.ts): that account becomes an administrator when it confirms. */
export const ADMIN_EMAIL = 'admin@burti.test';

/**
 * The administrator of this server run. There is one such account per run, so whichever spec asks first signs it
 * up and confirms it, and the others sign in to it: no spec depends on running before or after another. It is
 * handed over in English, whatever language a spec before left it in.
 */
export async function administrator(browser: Browser): Promise<Fan> {
  const probe = await browser.newContext();
  const exists = (
    await probe.request.post('/api/auth/sign-in/email', { data: { email: ADMIN_EMAIL, password: PASSWORD } })
  ).ok();
  await probe.close();
  const admin = await newFan(browser, {
    email: ADMIN_EMAIL,
    nickname: `admin_${Date.now().toString(36)}`,
    existing: exists,
  });
  const { me } = (await (await admin.page.request.get('/api/me')).json()) as {
    me: { isAdmin: boolean; language: string };
  };
  expect(me.isAdmin, 'the ADMIN_EMAIL account is an administrator once confirmed').toBe(true);
  if (me.language !== 'en') {
    expect((await admin.page.request.patch('/api/me/profile', { data: { language: 'en' } })).status()).toBe(200);
  }
  return admin;
}
