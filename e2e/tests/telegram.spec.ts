import { createHmac, randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

/** The server's TELEGRAM_BOT_TOKEN (playwright.config.ts webServer.env). */
const BOT_TOKEN = '424242:e2e-telegram-bot-token';

/** Signs fields as Telegram does ("Validating data received via the Mini App") and returns the init data. */
function signInitData(fields: Record<string, string>): string {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

type FakeTelegram = { calls: string[] };

/** What Telegram's script would put on the page: window.Telegram.WebApp with the launch's init data. */
async function openInTelegram(page: Page, initData: string, path = '/') {
  await page.addInitScript((data) => {
    const calls: string[] = [];
    const record = (name: string) => () => void calls.push(name);
    (window as unknown as { __telegram: FakeTelegram }).__telegram = { calls };
    (window as unknown as { Telegram: unknown }).Telegram = {
      WebApp: {
        initData: data,
        initDataUnsafe: {},
        version: '8.0',
        colorScheme: 'light',
        themeParams: { bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#111111' },
        viewportStableHeight: 700,
        ready: record('ready'),
        expand: record('expand'),
        onEvent: () => undefined,
        offEvent: () => undefined,
        openLink: (url: string) => void calls.push(`openLink ${url}`),
        BackButton: {
          show: record('back.show'),
          hide: record('back.hide'),
          onClick: () => undefined,
          offClick: () => undefined,
        },
      },
    };
  }, initData);
  await page.goto(path);
}

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
