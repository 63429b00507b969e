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

/** The administrator of this server run: admin.spec.ts creates it when it runs first, else it is made here. */
export async function administrator(browser: Browser): Promise<Fan> {
  const probe = await browser.newContext();
  const exists = (await probe.request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@burti.test', password: PASSWORD },
  })).ok();
  await probe.close();
  return newFan(browser, { email: 'admin@burti.test', nickname: `admin_${Date.now().toString(36)}`, existing: exists });
}

