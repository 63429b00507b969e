import { expect, test, type Locator } from '@playwright/test';
import { administrator, joinDinamo, newFan, type Fan } from '../support/accounts';
import { settle } from '../support/layout';

// Keyboard use and text that wraps. axe and the layout of every screen, in both languages at 320, 390 and
// 1280 px, are checked by the layout sweep (layout-sweep.spec.ts), which walks every route and dialog.

async function setAccountLanguage(fan: Fan, language: 'ka' | 'en') {
  expect((await fan.page.request.patch('/api/me/profile', { data: { language } })).status()).toBe(200);
  await fan.page.evaluate((lng) => localStorage.setItem('burti.language', lng), language).catch(() => undefined);
}

/** Whether the element has focus and the browser draws the keyboard's ring on it (:focus-visible). */
const ring = (element: Locator) => element.evaluate((e) => e === document.activeElement && e.matches(':focus-visible'));
const focused = (element: Locator) => element.evaluate((e) => e === document.activeElement);

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

  // Issue 42: a mouse click left the red keyboard ring on what it touched. A menu used with the mouse hands focus
  // back to its trigger without the ring, a tab clicked shows none; from the keyboard both still show where focus is.
  test('menus and tabs used with the mouse leave no focus ring; the keyboard keeps it', async ({ browser }) => {
    const fan = await newFan(browser);
    const admin = await administrator(browser);
    try {
      await joinDinamo(fan);
      const { post } = (await (await fan.page.request.post('/api/posts', { data: { text: 'Rings' } })).json()) as {
        post: { id: string };
      };
      await fan.page.request.post(`/api/posts/${post.id}/comments`, { data: { body: 'No ring here' } });
      const page = fan.page;
      await page.goto(`/post/${post.id}`);
      const postMenu = page.getByRole('button', { name: 'Post options' });
      const commentMenu = page.getByRole('button', { name: 'Comment options' });
      await expect(commentMenu).toBeVisible();
      // The ring showed on a menu used with the mouse once the keyboard had moved focus (Tab) on the page.
      const moveWithTheKeyboard = () => page.keyboard.press('Tab');

      // The post menu: an item clicked.
      await moveWithTheKeyboard();
      await postMenu.click();
      await page.getByRole('menuitem', { name: 'Copy link' }).click();
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect.poll(() => focused(postMenu)).toBe(true);
      expect(await ring(postMenu)).toBe(false);

      // The comment menu: closed by a click outside it.
      await moveWithTheKeyboard();
      await commentMenu.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.mouse.click(5, 300);
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect.poll(() => focused(commentMenu)).toBe(true);
      expect(await ring(commentMenu)).toBe(false);

      // Opened with the mouse and closed with Escape: the keyboard is in use, the ring shows.
      await commentMenu.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect.poll(() => ring(commentMenu)).toBe(true);

      // Opened with Enter and closed with Escape.
      await postMenu.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect.poll(() => ring(postMenu)).toBe(true);

      // Tabs: a click selects without the ring, the arrow keys move with it.
      await page.goto('/feed');
      const leaderboard = page.getByRole('tab', { name: 'Leaderboard' });
      await leaderboard.click();
      await expect(leaderboard).toHaveAttribute('aria-selected', 'true');
      await settle(page);
      expect(await focused(leaderboard)).toBe(true);
      expect(await ring(leaderboard)).toBe(false);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => ring(page.getByRole('tab', { name: 'Feed', exact: true }))).toBe(true);

      // The admin area's section menu on a phone: a section chosen with a tap.
      const adminPage = admin.page;
      await adminPage.goto('/admin');
      const sections = adminPage.getByRole('button', { name: /^Menu:/ });
      await adminPage.keyboard.press('Tab');
      await sections.click();
      await adminPage.getByRole('menuitem', { name: 'Users' }).click();
      await expect(adminPage).toHaveURL(/\/admin\/users$/);
      await expect.poll(() => focused(sections)).toBe(true);
      expect(await ring(sections)).toBe(false);
    } finally {
      await fan.context.close();
      await admin.context.close();
    }
  });
});
