import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { administrator, joinDinamo, newFan, type Fan } from '../support/accounts';

const WIDTHS = [320, 390, 1280] as const;
const LANGUAGES = ['ka', 'en'] as const;

/** Buttons, links and badges whose text is cut off by their own box (an ellipsis on purpose aside). */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const candidates = document.querySelectorAll<HTMLElement>(
      'button, a, [role="tab"], [data-slot="badge"], header, h1, h2',
    );
    for (const element of Array.from(candidates)) {
      const style = getComputedStyle(element);
      if (element.offsetParent === null && style.position !== 'fixed') continue;
      // Visually hidden text (skip link, screen-reader labels) is 1 px wide on purpose.
      if (element.clientWidth <= 1 || element.classList.contains('sr-only')) continue;
      if (style.textOverflow === 'ellipsis' || element.querySelector('.truncate, .line-clamp-2, .line-clamp-3'))
        continue;
      const hides = ['hidden', 'clip'].includes(style.overflowX);
      if (hides && element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" ${element.scrollWidth}>${element.clientWidth}`,
        );
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth) {
      found.push(`page ${document.documentElement.scrollWidth}>${window.innerWidth}`);
    }
    return found;
  });
}

/** Loaded and drawn: no skeleton or busy region left (the live event stream keeps the network busy for good). */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForTimeout(150);
}

async function checkEveryWidth(page: Page, path: string, label: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 740 : 900 });
    await page.goto(path);
    await settle(page);
    await test.step(`${label} at ${width}px`, async () => {
      await expectAccessible(page);
      expect(await clipped(page), `${path} at ${width}px`).toEqual([]);
    });
  }
}

async function setAccountLanguage(fan: Fan, language: 'ka' | 'en') {
  expect((await fan.page.request.patch('/api/me/profile', { data: { language } })).status()).toBe(200);
  await fan.page.evaluate((lng) => localStorage.setItem('burti.language', lng), language).catch(() => undefined);
}

test.describe('accessibility in both languages', () => {
  test('signed-out screens: axe and nothing clipped at 320, 390 and 1280 px', async ({ browser }) => {
    test.setTimeout(240_000);
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ locale: language === 'ka' ? 'ka-GE' : 'en-US' });
      const page = await context.newPage();
      for (const path of ['/', '/auth', '/legal/terms', '/legal/community-guidelines']) {
        await checkEveryWidth(page, path, `${language} ${path}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
      }
      await context.close();
    }
  });

  for (const language of LANGUAGES) {
    test(`signed-in screens in ${language}: axe and nothing clipped at 320, 390 and 1280 px`, async ({ browser }) => {
      test.setTimeout(400_000);
      const fan = await newFan(browser, { nickname: `axe_${Date.now().toString(36)}` });
      await joinDinamo(fan);
      const friend = await newFan(browser);
      await joinDinamo(friend);
      const { post } = (await (await fan.page.request.post('/api/posts', { data: { text: 'Dinamo!' } })).json()) as {
        post: { id: string };
      };
      await friend.page.request.post(`/api/posts/${post.id}/like`);
      await friend.page.request.post(`/api/posts/${post.id}/comments`, { data: { body: 'Gaumarjos!' } });
      // Five unread notifications, for the badge.
      await friend.page.request.post(`/api/users/${fan.id}/follow`);
      for (let i = 0; i < 3; i++)
        await friend.page.request.post(`/api/posts/${post.id}/comments`, { data: { body: `#${i}` } });

      const page = fan.page;
      await page.goto('/feed');
      {
        await setAccountLanguage(fan, language);
        for (const path of [
          '/feed',
          '/club',
          `/post/${post.id}`,
          '/notifications',
          '/profile',
          `/u/${friend.id}`,
          '/settings',
          '/referrals',
          '/onboarding',
        ]) {
          await checkEveryWidth(page, path, `${language} ${path}`);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
        }
        // The leaderboard tab and the invite dialog ("Share on Telegram").
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 768 ? 740 : 900 });
          await page.goto('/feed');
          await page.getByRole('tab').nth(1).click();
          await settle(page);
          await expectAccessible(page);
          expect(await clipped(page), `leaderboard at ${width}px`).toEqual([]);
          await page.goto('/referrals');
          await page
            .getByRole('button', { name: language === 'ka' ? 'მეგობრების მოწვევა' : 'Invite Friends' })
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await settle(page);
          await expectAccessible(page);
          expect(await clipped(page), `invite dialog at ${width}px`).toEqual([]);
        }
      }
      await fan.context.close();
      await friend.context.close();
    });
  }

  test('admin screens: axe and nothing clipped at 320, 390 and 1280 px', async ({ browser }) => {
    test.setTimeout(400_000);
    const admin = await administrator(browser);
    await admin.page.goto('/admin');
    for (const language of LANGUAGES) {
      await setAccountLanguage(admin, language);
      for (const path of ['/admin', '/admin/reports', '/admin/users', '/admin/settings', '/admin/audit']) {
        await checkEveryWidth(admin.page, path, `${language} ${path}`);
      }
    }
    await setAccountLanguage(admin, 'en');
    await admin.context.close();
  });
});

test.describe('keyboard and layout checks', () => {
  test('a focused element is never hidden under the bottom bar or the header', async ({ browser }) => {
    const fan = await newFan(browser);
    await joinDinamo(fan);
    for (let i = 0; i < 8; i++) await fan.page.request.post('/api/posts', { data: { text: `Focus walk ${i} 🔴⚪` } });
    const page = fan.page;
    await page.setViewportSize({ width: 390, height: 740 });
    await page.goto('/feed');
    await expect(page.getByText('Focus walk 7 🔴⚪')).toBeVisible();
    const hidden: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const problem = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        // The bars' own controls are on top by design.
        if (element.closest('nav[aria-label], header')) return null;
        const rect = element.getBoundingClientRect();
        // A whole panel (taller than half the screen) cannot fit; its top edge must show.
        if (rect.height > window.innerHeight / 2) {
          const top = document.elementFromPoint(rect.left + rect.width / 2, Math.max(rect.top, 0) + 2);
          return top && !element.contains(top)
            ? `${element.tagName} panel top under ${top.closest('nav, header')?.tagName ?? top.tagName}`
            : null;
        }
        const points = [
          [rect.left + rect.width / 2, rect.top + 2],
          [rect.left + rect.width / 2, rect.bottom - 2],
        ] as const;
        for (const [x, y] of points) {
          if (y < 0 || y > window.innerHeight)
            return `${element.tagName} "${element.textContent?.trim().slice(0, 30)}" outside the viewport`;
          const top = document.elementFromPoint(x, y);
          if (top && !element.contains(top) && !top.contains(element)) {
            return `${element.tagName} "${element.textContent?.trim().slice(0, 30)}" under ${top.closest('nav, header')?.tagName ?? top.tagName}`;
          }
        }
        return null;
      });
      if (problem) hidden.push(problem);
    }
    expect(hidden).toEqual([]);
    await fan.context.close();
  });

  test('dialogs hand focus back to their opener, and every focused element shows it', async ({ browser }) => {
    const fan = await newFan(browser);
    await joinDinamo(fan);
    await fan.page.request.post('/api/posts', { data: { text: 'Focus check' } });
    const page = fan.page;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/feed');
      await expect(page.getByText('Focus check').first()).toBeVisible();
      // The composer, opened from the keyboard and closed with Escape.
      const create = page.getByRole('button', { name: 'Create', exact: true }).locator('visible=true');
      await create.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(create).toBeFocused();
      // …and closed with its Close button.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(create).toBeFocused();
    }

    // The feed's tab panel takes focus from the tab list, with a visible outline.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/feed');
    await page.getByRole('tab', { name: 'Feed' }).focus();
    await page.keyboard.press('Tab');
    const panel = page.getByRole('tabpanel', { name: 'Feed', exact: true });
    await expect(panel).toBeFocused();
    const outline = await panel.evaluate((node) => {
      const style = getComputedStyle(node);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThan(0);

    // Every Settings section is a region with a name (counted once the lazy screen has drawn its sections).
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Language & Region' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Legal & Policies' })).toBeVisible();
    const sections = page.getByRole('main').locator('section');
    const count = await sections.count();
    expect(count).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole('main').getByRole('region')).toHaveCount(count);
    for (const id of await sections.evaluateAll((nodes) => nodes.map((node) => node.id))) {
      expect(id, 'a section id without spaces').toMatch(/^[\w-]+$/);
    }
    await fan.context.close();
  });

  test('long words wrap, and post counts agree with their number, in both languages', async ({ browser }) => {
    const fan = await newFan(browser);
    await joinDinamo(fan);
    const word = 'Gaumarjooooos'.repeat(10);
    expect((await fan.page.request.patch('/api/me/profile', { data: { bio: word } })).status()).toBe(200);
    await fan.page.request.post('/api/posts', { data: { text: 'One' } });
    const page = fan.page;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/u/${fan.id}`);
    await expect(page.getByText(word)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByText('1 Post', { exact: true })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Post$/ })).toBeVisible();
    await fan.page.request.post('/api/posts', { data: { text: 'Two' } });
    await page.reload();
    await expect(page.getByText('2 Posts', { exact: true })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Posts$/ })).toBeVisible();
    await setAccountLanguage(fan, 'ka');
    await page.reload();
    await expect(page.getByText('2 პოსტი', { exact: true })).toBeVisible();
    await fan.context.close();
  });
});
