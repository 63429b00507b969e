import { expect, test } from '@playwright/test';
import { joinDinamo, newFan } from '../support/accounts';
import { shoot } from '../support/screenshots';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project=screens search` writes
// screenshots of search and the Following feed at 390 and 1280 px, in English and Georgian, to ./screenshots.

for (const language of ['en', 'ka'] as const) {
  test(`search and Following in ${language}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const run = Date.now().toString(36);
    const fan = await newFan(browser, {
      nickname: `shots_${language}_${run}`,
      locale: language === 'ka' ? 'ka-GE' : 'en-GB',
    });
    await joinDinamo(fan);
    const friend = await newFan(browser, { nickname: `დინამო_${language}${run}` });
    await joinDinamo(friend);
    await friend.page.request.post('/api/posts', {
      data: { text: 'დინამო თბილისი 2:0! #DinTor რა ღამე იყო ბორის პაიჭაძეზე 🔴⚪' },
    });
    await fan.page.request.post(`/api/users/${friend.id}/follow`);
    const { page } = fan;
    await page.request.patch('/api/me/profile', { data: { language } });

    await page.goto('/feed');
    await page.getByRole('tab', { name: language === 'ka' ? 'გამოწერილები' : 'Following' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
    await shoot(page, `${language}-feed-following`);

    await page.goto('/search');
    await shoot(page, `${language}-search-empty`);
    await page.getByRole('searchbox').last().fill('დინამო');
    await expect(page.getByRole('region').first()).toBeVisible();
    await shoot(page, `${language}-search-results`);
    await page.getByRole('searchbox').last().fill('');
    await page.getByRole('searchbox').last().fill(`zzz${run}`);
    await page.waitForTimeout(800);
    await shoot(page, `${language}-search-none`);
    await fan.context.close();
    await friend.context.close();
  });
}
