import { expect, test, type Page } from '@playwright/test';
import { joinDinamo, newFan } from '../support/accounts';

// Phones show the bottom bar's badge; the side rail's copy is hidden at this width.
const badge = (page: Page) => page.getByTestId('unread-badge').first();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('the unread badge and heading clear at once: on opening a notification and on "Mark all read"', async ({
  browser,
}) => {
  const ana = await newFan(browser, { nickname: `ana_${Date.now().toString(36)}` });
  const beka = await newFan(browser, { nickname: `beka_${Date.now().toString(36)}` });
  try {
    await joinDinamo(ana);
    await joinDinamo(beka);
    const created = await ana.page.request.post('/api/posts', { data: { text: `Derby tonight ${Date.now()}` } });
    expect(created.status()).toBe(201);
    const postId = ((await created.json()) as { post: { id: string } }).post.id;

    await ana.page.goto('/notifications');
    // Three notifications from Beka: a follow, a like, a comment.
    expect((await beka.page.request.post(`/api/users/${ana.id}/follow`)).ok()).toBe(true);
    expect((await beka.page.request.post(`/api/posts/${postId}/like`)).ok()).toBe(true);
    expect(
      (await beka.page.request.post(`/api/posts/${postId}/comments`, { data: { body: 'See you there' } })).ok(),
    ).toBe(true);
    await expect(badge(ana.page)).toHaveText('3');
    await ana.page.reload();
    await expect(heading(ana.page)).toContainText('3 unread');

    // Opening one lowers the count; coming back, it is still lower (no reload).
    await ana.page.getByText(/liked your post/).click();
    await expect(ana.page).toHaveURL(new RegExp(`/post/${postId}$`));
    await expect(badge(ana.page)).toHaveText('2');
    await ana.page.goBack();
    await expect(heading(ana.page)).toContainText('2 unread');
    await expect(badge(ana.page)).toHaveText('2');

    // Mark all read: the badge and the heading's count go at once and stay gone.
    await ana.page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(badge(ana.page)).toHaveCount(0);
    await expect(heading(ana.page)).not.toContainText('unread');
    await ana.page.getByRole('link', { name: /Feed/ }).first().click();
    await ana.page
      .getByRole('link', { name: /Notifications/ })
      .first()
      .click();
    await expect(heading(ana.page)).toHaveText('Notifications');
    await expect(badge(ana.page)).toHaveCount(0);
    const { unreadCount } = (await (await ana.page.request.get('/api/notifications/unread-count')).json()) as {
      unreadCount: number;
    };
    expect(unreadCount).toBe(0);
  } finally {
    await ana.context.close();
    await beka.context.close();
  }
});
