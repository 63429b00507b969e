import { test } from '@playwright/test';
import { joinDinamo, newFan } from '../support/accounts';
import { shoot } from '../support/screenshots';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project=screens georgian` writes
// screenshots of the main screens in Georgian at 390 and 1280 px to ./screenshots for a person to look at.

test('screens in Georgian', async ({ browser }) => {
  test.setTimeout(120_000);
  const visitor = await browser.newContext({ locale: 'ka-GE', viewport: { width: 390, height: 844 } });
  const landing = await visitor.newPage();
  await landing.goto('/');
  await shoot(landing, 'ka-landing');
  await landing.goto('/auth');
  await shoot(landing, 'ka-auth');
  await landing.goto('/legal/community-guidelines');
  await shoot(landing, 'ka-legal');
  await visitor.close();

  const fan = await newFan(browser, { nickname: 'ნიკა_11', locale: 'ka-GE' });
  await joinDinamo(fan);
  const friend = await newFan(browser, { nickname: 'zura_77' });
  await joinDinamo(friend);
  const { post } = (await (
    await fan.page.request.post('/api/posts', {
      data: { text: 'რა ღამე იყო ბორის პაიჭაძეზე! 2:0 და სტადიონი ერთი წამითაც არ გაჩუმებულა 🔴⚪' },
    })
  ).json()) as { post: { id: string } };
  await friend.page.request.post(`/api/posts/${post.id}/like`);
  await friend.page.request.post(`/api/posts/${post.id}/comments`, { data: { body: 'ვაშა, დინამო!' } });
  await friend.page.request.post(`/api/users/${fan.id}/follow`);
  await fan.page.request.patch('/api/me/profile', {
    data: { language: 'ka', bio: 'დინამოს გულშემატკივარი ბავშვობიდან. GAUMAAAAAAAAAAAAAAAAAAAAAAAAAAARJOOOOOOOOOOOS' },
  });

  const page = fan.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/feed');
  await page.getByText('ვაშა').or(page.getByText('რა ღამე')).first().waitFor();
  await shoot(page, 'ka-feed');
  await page.getByRole('tab', { name: 'რეიტინგი' }).click();
  await shoot(page, 'ka-leaderboard');
  await page.goto(`/post/${post.id}`);
  await page.getByText('ვაშა, დინამო!').waitFor();
  await shoot(page, 'ka-post');
  await page.getByRole('button', { name: 'პოსტის პარამეტრები' }).first().click();
  await page.getByRole('menuitem', { name: 'პოსტის წაშლა' }).click();
  await page.getByRole('alertdialog', { name: 'წავშალოთ პოსტი?' }).waitFor();
  await shoot(page, 'ka-post-delete-confirm');
  await page.keyboard.press('Escape');
  await page.goto('/notifications');
  await shoot(page, 'ka-notifications');
  await page.goto('/profile');
  await shoot(page, 'ka-profile');
  await page.goto('/settings');
  await shoot(page, 'ka-settings');
  await page.goto('/onboarding');
  await page.getByRole('searchbox').fill('დინამო');
  await page.waitForTimeout(500);
  await shoot(page, 'ka-club-search');
  await fan.context.close();
  await friend.context.close();
});
