import { test, type Page } from '@playwright/test';
import { administrator, joinDinamo, newFan } from '../support/accounts';
import { shoot } from '../support/screenshots';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project=screens layout` writes
// screenshots of the places that were once cut or overlapping (issue 42) at 320 and 390 px, in Georgian (and the
// notifications heading in English too), to ./screenshots for a person to look at.

const phones = { widths: [320, 390] };

async function toGeorgian(page: Page) {
  await page.request.patch('/api/me/profile', { data: { language: 'ka' } });
}

test('narrow screens in Georgian', async ({ browser }) => {
  test.setTimeout(240_000);
  const fan = await newFan(browser, { nickname: 'ნიკოლოზ_ბერიძე_1925', locale: 'ka-GE' });
  await toGeorgian(fan.page);
  const page = fan.page;
  await page.setViewportSize({ width: 390, height: 844 });

  // Onboarding: the join button with a Georgian club sentence, and the list's "საქართველო".
  await page.goto('/onboarding');
  await page.getByRole('searchbox').fill('დინამო');
  await page
    .getByRole('button', { name: /Dinamo Tbilisi|დინამო თბილისი/ })
    .first()
    .click();
  await shoot(page, 'l42-ka-onboarding', phones);
  await joinDinamo(fan);

  // Twelve unread notifications: a two-digit pill in the heading and the badge.
  const friend = await newFan(browser, { nickname: 'zura_77' });
  await joinDinamo(friend);
  await friend.page.request.post(`/api/users/${fan.id}/follow`);
  for (let i = 0; i < 11; i++) {
    const { post } = (await (
      await page.request.post('/api/posts', { data: { text: `პოსტი ნომერი ${i + 1}` } })
    ).json()) as { post: { id: string } };
    await friend.page.request.post(`/api/posts/${post.id}/like`);
  }
  await page.goto('/notifications');
  await page.getByText('zura_77').first().waitFor();
  await shoot(page, 'l42-ka-notifications', phones);

  await page.goto('/feed');
  await page.getByRole('tab', { name: 'რეიტინგი' }).click();
  await page.getByText('ყველა დრო').waitFor();
  await shoot(page, 'l42-ka-leaderboard', phones);

  await page.goto('/referrals');
  await page.getByRole('button', { name: 'მეგობრების მოწვევა' }).first().click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, 'l42-ka-invite', phones);
  await page.keyboard.press('Escape');

  // English: the notifications heading with a two-digit count.
  await page.request.patch('/api/me/profile', { data: { language: 'en' } });
  await page.goto('/notifications');
  await page.getByText('zura_77').first().waitFor();
  await shoot(page, 'l42-en-notifications', phones);
  await page.goto('/referrals');
  await page.getByRole('button', { name: 'Invite Friends' }).first().click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, 'l42-en-invite', phones);

  // The admin's reports tabs, in Georgian.
  const admin = await administrator(browser);
  await toGeorgian(admin.page);
  await admin.page.goto('/admin/reports');
  await admin.page.getByRole('tablist').waitFor();
  await shoot(admin.page, 'l42-ka-admin-reports', phones);
  await admin.page.request.patch('/api/me/profile', { data: { language: 'en' } });

  await fan.context.close();
  await friend.context.close();
  await admin.context.close();
});
