import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';

/** The virtualizer's own file in the build, which the feed asks for at its first idle moment. */
function virtualizerFile(): string {
  const manifestPath = fileURLToPath(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url));
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const key = Object.keys(manifest).find((name) => name.includes('@tanstack/virtual-core'));
  if (!key) throw new Error('the build has no file of its own for @tanstack/virtual-core');
  return manifest[key]!.file;
}

/** Each card's top on the page and whether the screen shows it, marking the element to recognise it afterwards. */
const cardTops = (feed: Locator) =>
  feed.locator('article').evaluateAll((cards) =>
    cards.map((card) => {
      const mark = card.getAttribute('data-test-mark') ?? String(Math.random());
      card.setAttribute('data-test-mark', mark);
      const { top, bottom } = card.getBoundingClientRect();
      return {
        text: card.textContent,
        mark,
        top: Math.round(top + window.scrollY),
        shown: bottom > 0 && top < innerHeight,
      };
    }),
  );

// The service worker would serve the app's files itself, out of the test's reach.
test.use({ serviceWorkers: 'block' });

test('the feed draws its first cards before the windowing arrives, which then takes them over where they are', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndSignIn(page, { email: uniqueEmail('windowed'), password: 'tbilisi-1925' });
  await joinClub(page, 'dinamo', 'Dinamo Tbilisi');
  const stamp = Date.now().toString(36);
  // Cards of many heights, so that an estimate would not put them where they are.
  for (let i = 1; i <= 8; i++) {
    const response = await page.request.post('/api/posts', {
      data: { text: `Windowed ${stamp} #${i} ${'Dinamo forever! '.repeat(i * 3)}` },
    });
    expect(response.status()).toBe(201);
  }

  // The virtualizer's file is held back until the first cards have been looked at.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${virtualizerFile()}`, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/feed');
  const feed = page.getByRole('feed');
  await expect(feed.locator('article').first()).toContainText(`Windowed ${stamp} #8`);
  // In the page's flow, in a box as tall as the list's estimate: the pager is below it, not under the first cards.
  expect(await feed.evaluate((list) => list.style.height)).toBe('');
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const drawn = (await cardTops(feed)).filter((card) => card.shown);
  expect(drawn.length).toBeGreaterThan(1);

  release();
  await expect.poll(() => feed.evaluate((list) => list.style.height)).not.toBe('');
  const windowed = await cardTops(feed);
  // Every card the screen showed is the same element, at the same place: none was drawn anew or moved.
  for (const before of drawn) {
    const card = windowed.find((candidate) => candidate.text === before.text);
    expect(card?.mark, before.text ?? '').toBe(before.mark);
    expect(Math.abs(card!.top - before.top)).toBeLessThanOrEqual(1);
  }
  // The rest of the feed is still there to scroll to.
  await page.getByText(`Windowed ${stamp} #1`, { exact: false }).scrollIntoViewIfNeeded();
  await expect(feed.locator('article').filter({ hasText: `Windowed ${stamp} #1 ` })).toBeVisible();
});
