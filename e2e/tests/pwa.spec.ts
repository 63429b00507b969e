import { expect, test } from '@playwright/test';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';
import { runPwaAudits } from '../support/lighthouse';

test('the installable app: a valid manifest, and Chromium finds nothing standing in the way of installing', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  // Linked once the first screen is drawn and the page is idle.
  await page.waitForSelector('link[rel=manifest]', { state: 'attached' });
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel=manifest]')!.getAttribute('href')!;
    return (await fetch(href)).json() as Promise<Record<string, unknown>>;
  });
  expect(manifest).toMatchObject({
    name: 'Burti — The Georgian Football Social Network',
    short_name: 'Burti',
    display: 'standalone',
    start_url: '/feed?source=pwa',
    theme_color: '#d71920',
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  const georgian = (await (await page.request.get('/manifest.ka.webmanifest')).json()) as Record<string, unknown>;
  expect(georgian).toMatchObject({ short_name: 'ბურთი', lang: 'ka' });

  // What Chromium's own install check (and Lighthouse's, built on it) reports: nothing.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null))
    .toBe('activated');
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A Playwright context is an incognito profile, where nothing installs; Lighthouse skips this one too.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  await context.close();
});

test('offline, the app opens to “You’re offline” and comes back by itself when the connection does', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndSignIn(page, { email: uniqueEmail('offline'), password: 'correct horse battery' });
  await joinClub(page, 'dinamo', 'Dinamo Tbilisi');
  await expect(page).toHaveURL(/\/feed$/);
  // The service worker has the app shell once it is active and controls the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  // No private API answer was put in a cache.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/media/'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
  await context.close();
});

test('Lighthouse’s installability audits pass', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const { audits } = await runPwaAudits(`${baseURL}/`);
  const byId = Object.fromEntries(audits.map((audit) => [audit.id, audit]));
  expect(byId['installable-manifest'], JSON.stringify(byId['installable-manifest'])).toMatchObject({ score: 1 });
  expect(byId['maskable-icon']?.score).toBe(1);
  expect(byId['themed-omnibox']?.score).toBe(1);
  expect(byId['splash-screen']?.score).toBe(1);
});
