import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { e2ePort } from '../support/env';
import { signInitData } from '../support/telegram';

const APP_ORIGIN = `http://127.0.0.1:${e2ePort}`;

/**
 * Telegram Web, played by a page on another loopback origin (http://localhost:<port>, another site than
 * http://127.0.0.1) that shows the Mini App in an iframe, as web.telegram.org does.
 */
let parent: Server;
let parentUrl: string;
test.beforeAll(async () => {
  parent = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head><title>Telegram Web</title></head>
<body style="margin:0"><iframe id="miniapp" title="Burti" src="${APP_ORIGIN}/"
  style="border:0;width:390px;height:780px"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  parentUrl = `http://localhost:${(parent.address() as AddressInfo).port}/`;
});
test.afterAll(async () => {
  await new Promise((resolve) => parent?.close(resolve));
});

type FakeTelegram = { calls: string[] };

/** What Telegram's script puts into the Mini App's frame: window.Telegram.WebApp with the launch's init data. */
async function fakeTelegramInFrames(page: Page, initData: string) {
  await page.addInitScript(
    ({ data, appOrigin }) => {
      if (window.location.origin !== appOrigin) return;
      const calls: string[] = [];
      const record = (name: string) => () => void calls.push(name);
      (window as unknown as { __telegram: FakeTelegram }).__telegram = { calls };
      (window as unknown as { Telegram: unknown }).Telegram = {
        WebApp: {
          initData: data,
          initDataUnsafe: {},
          version: '8.0',
          platform: 'weba',
          colorScheme: 'light',
          themeParams: { bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#111111' },
          viewportHeight: 780,
          viewportStableHeight: 780,
          safeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
          contentSafeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
          ready: record('ready'),
          expand: record('expand'),
          isVersionAtLeast: () => true,
          onEvent: () => undefined,
          offEvent: () => undefined,
          enableClosingConfirmation: record('closing.enable'),
          disableClosingConfirmation: record('closing.disable'),
          BackButton: {
            show: record('back.show'),
            hide: record('back.hide'),
            onClick: () => undefined,
            offClick: () => undefined,
          },
        },
      };
    },
    { data: initData, appOrigin: APP_ORIGIN },
  );
}

async function appFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(APP_ORIGIN))).toBe(true);
  return page.frames().find((frame) => frame.url().startsWith(APP_ORIGIN))!;
}

test('in Telegram Web’s iframe a fan is signed in once, by token, across screens and a reload, and signs out', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 820 } });
  const page = await context.newPage();
  const telegramId = randomInt(100_000_000, 999_999_999);
  const initData = signInitData({
    query_id: `AAE${telegramId}`,
    user: JSON.stringify({ id: telegramId, first_name: 'Nino', username: `nino${telegramId}` }),
    auth_date: String(Math.floor(Date.now() / 1000)),
  });
  await fakeTelegramInFrames(page, initData);
  const telegramSignIns: number[] = [];
  let token: string | undefined;
  page.on('response', (response) => {
    if (response.url() !== `${APP_ORIGIN}/api/auth/telegram`) return;
    telegramSignIns.push(response.status());
    // The page navigates away right after, so the token is read from the header the server sends with the body.
    token = response.headers()['set-auth-token'];
  });
  const authHeaders: (string | null)[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${APP_ORIGIN}/api/me`)) authHeaders.push(request.headers()['authorization'] ?? null);
  });

  await page.goto(parentUrl);
  let frame = await appFrame(page);
  // Signed in without a form: a new fan goes on to choose a club.
  await expect(frame.getByRole('heading', { name: 'Choose Your Club' })).toBeVisible();
  await frame.getByRole('searchbox', { name: 'Search clubs' }).fill('dinamo');
  await frame.getByRole('button', { name: /^Dinamo Tbilisi/ }).click();
  await frame.getByRole('button', { name: 'Join Dinamo Tbilisi Community' }).click();
  await expect(frame.getByText('No posts yet').or(frame.getByRole('article').first())).toBeVisible();
  expect(new URL(frame.url()).pathname).toBe('/feed');
  // A Mini App: ready and expanded; on the feed after onboarding Telegram's BackButton is hidden.
  const calls = await frame.evaluate(() => (window as unknown as { __telegram: FakeTelegram }).__telegram.calls);
  expect(calls).toEqual(expect.arrayContaining(['ready', 'expand']));
  expect(calls.filter((call) => call.startsWith('back.')).at(-1)).toBe('back.hide');

  // The app chose the bearer token here (Telegram, a frame of another site): it went with the requests, never
  // in an address.
  expect(token).toMatch(/\S{20,}/);
  const stored = token!;
  expect(frame.url()).not.toContain(stored);
  expect(authHeaders).toContain(`Bearer ${stored}`);

  // Three screens through the bottom navigation.
  const nav = frame.getByRole('navigation', { name: 'Main' }).last();
  await nav.getByRole('link', { name: 'Club' }).click();
  await expect.poll(() => new URL(frame.url()).pathname).toBe('/club');
  await nav.getByRole('link', { name: /^Notifications/ }).click();
  await expect.poll(() => new URL(frame.url()).pathname).toBe('/notifications');
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect.poll(() => new URL(frame.url()).pathname).toBe('/profile');
  await expect(frame.getByText(`nino${telegramId}`).first()).toBeVisible();

  // Telegram Web reloads the Mini App: still signed in, and the init data was not exchanged again. The checks
  // wait for the new document: the old one shows the same address and name until the reload replaces it.
  const reloading = frame;
  const reloaded = page.waitForEvent('framenavigated', (navigated) => navigated === reloading);
  await reloading.evaluate(() => window.location.reload());
  await reloaded;
  frame = await appFrame(page);
  await frame.waitForLoadState();
  await expect.poll(() => new URL(frame.url()).pathname).toBe('/profile');
  await expect(frame.getByText(`nino${telegramId}`).first()).toBeVisible();
  expect(telegramSignIns).toEqual([200]);

  // The server holds exactly one session for the fan: one Telegram sign-in.
  const sessions = await frame.evaluate(async (bearer) => {
    const response = await fetch('/api/auth/list-sessions', { headers: { authorization: `Bearer ${bearer}` } });
    return (await response.json()) as unknown[];
  }, stored);
  expect(sessions).toHaveLength(1);

  // Sign-out inside the iframe revokes the token on the server; the form stays (no automatic sign-in loop).
  await frame.goto(`${APP_ORIGIN}/settings`);
  await frame.getByRole('button', { name: 'Sign Out' }).click();
  await expect(frame.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Continue with Telegram' })).toBeVisible();
  const after = await frame.evaluate(async (bearer) => {
    const byToken = await fetch('/api/me', { headers: { authorization: `Bearer ${bearer}` }, credentials: 'omit' });
    const byCookie = await fetch('/api/me');
    return [byToken.status, byCookie.status];
  }, stored);
  expect(after).toEqual([401, 401]);
  expect(telegramSignIns).toEqual([200]);
  await context.close();
});
