import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { joinClub } from '../support/fan';
import { openInTelegram, signInitData, type FakeTelegram } from '../support/telegram';

test('inside the Telegram Mini App a new fan is signed in without a form and lands in onboarding', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const telegramId = randomInt(100_000_000, 999_999_999);
  const initData = signInitData({
    query_id: `AAE${telegramId}`,
    user: JSON.stringify({
      id: telegramId,
      first_name: 'Giorgi',
      last_name: 'Chakvetadze',
      username: `giorgi${telegramId}`,
    }),
    auth_date: String(Math.floor(Date.now() / 1000)),
  });

  const signIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/telegram'));
  await openInTelegram(page, initData);
  expect((await signIn).status()).toBe(200);

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Choose Your Club' })).toBeVisible();
  const me = await page.evaluate(
    async () => (await fetch('/api/me')).json() as Promise<{ me: { nickname: string; email: string | null } }>,
  );
  expect(me.me).toMatchObject({ nickname: `giorgi${telegramId}`, email: null });

  // The page became a Mini App, and the session outlives a reload.
  const calls = await page.evaluate(() => (window as unknown as { __telegram: FakeTelegram }).__telegram.calls);
  expect(calls).toEqual(expect.arrayContaining(['ready', 'expand']));
  expect(await page.evaluate(() => document.documentElement.dataset.platform)).toBe('telegram');
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding$/);
  await context.close();
});

test("a Telegram fan turns the bot's messages off in Settings, and it stays off", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const telegramId = randomInt(100_000_000, 999_999_999);
  const initData = signInitData({
    user: JSON.stringify({ id: telegramId, first_name: 'Nino', username: `nino${telegramId}` }),
    auth_date: String(Math.floor(Date.now() / 1000)),
  });
  await openInTelegram(page, initData);
  await joinClub(page, 'Dinamo', 'Dinamo Tbilisi');

  await page.goto('/settings');
  const bot = page.getByRole('switch', { name: 'Messages from the Burti bot in Telegram' });
  await expect(bot).toHaveAttribute('aria-checked', 'true');
  await bot.click();
  await expect(page.getByText('The bot will no longer message you in Telegram')).toBeVisible();
  await expect(bot).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Messages from the Burti bot in Telegram' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const state = await page.evaluate(
    async () => (await fetch('/api/push/telegram')).json() as Promise<{ available: boolean; enabled: boolean }>,
  );
  expect(state).toEqual({ available: true, enabled: false });
  await context.close();
});

test('init data that was tampered with does not sign anyone in', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const genuine = new URLSearchParams(
    signInitData({
      user: JSON.stringify({ id: 1234567, first_name: 'Real' }),
      auth_date: String(Math.floor(Date.now() / 1000)),
    }),
  );
  genuine.set('user', JSON.stringify({ id: 7654321, first_name: 'Impostor' }));

  const signIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/telegram'));
  await openInTelegram(page, genuine.toString());
  expect((await signIn).status()).toBe(401);
  await expect(page.getByText('Authentication failed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
  await context.close();
});
