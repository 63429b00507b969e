import { test } from '@playwright/test';
import { joinDinamo, newFan } from '../support/accounts';
import { shoot } from '../support/screenshots';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project=screens mentions` writes
// screenshots of mentions, hashtags and grouped notifications at 390 and 1280 px, in English and Georgian, to
// ./screenshots for a person to look at.

test('mentions, hashtags and grouped notifications', async ({ browser }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36).slice(-4);
  const star = await newFan(browser, { nickname: `ნიკა_${suffix}` });
  await joinDinamo(star);
  const friend = await newFan(browser, { nickname: `zura_${suffix}` });
  await joinDinamo(friend);
  const tag = `დინამო${suffix}`;
  await star.page.request.post('/api/posts', {
    data: { text: `@zura_${suffix} რა ღამე იყო! #${tag} #DinTor https://burti.ge/tag/${tag}` },
  });
  const { post } = (await (
    await friend.page.request.post('/api/posts', {
      data: { text: `What a night at Boris Paichadze! #${tag} thanks @ნიკა_${suffix}\n2:0` },
    })
  ).json()) as { post: { id: string } };
  for (let i = 0; i < 4; i++) {
    const fan = await newFan(browser);
    await joinDinamo(fan);
    await fan.page.request.post(`/api/posts/${post.id}/like`);
    await fan.page.request.post(`/api/users/${friend.id}/follow`);
    await fan.context.close();
  }

  for (const language of ['en', 'ka'] as const) {
    await friend.page.request.patch('/api/me/profile', { data: { language } });
    const page = friend.page;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/notifications');
      await page.getByText('What a night').first().waitFor();
      await shoot(page, `${language}-notifications`, { widths: [width] });
      await page.goto(`/tag/${encodeURIComponent(tag)}`);
      await page.getByText('What a night').first().waitFor();
      await shoot(page, `${language}-tag`, { widths: [width] });
      await page.goto('/post/new');
      const box = page.locator('textarea').first();
      await box.pressSequentially('Hi @ნიკ');
      await page.getByRole('option').first().waitFor();
      await shoot(page, `${language}-mention-suggestions`, { widths: [width] });
    }
  }
});
