import { expect, test, type Locator } from '@playwright/test';
import { administrator, joinDinamo, newFan } from '../support/accounts';
import { settle } from '../support/layout';

// Issue 42: a mouse click left the red keyboard ring on what it touched. A menu used with the mouse hands focus back
// to its trigger without the ring, a tab clicked shows none; from the keyboard both still show where focus is.

/** Whether the element has focus and the browser draws the keyboard's ring on it (:focus-visible). */
const ring = (element: Locator) => element.evaluate((e) => e === document.activeElement && e.matches(':focus-visible'));
const focused = (element: Locator) => element.evaluate((e) => e === document.activeElement);

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
