import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { joinDinamo, newFan } from '../support/accounts';

/** What the All tab lists for a search: the club names and the fan nicknames, in order. */
async function results(page: Page, search: string) {
  const box = page.getByRole('searchbox', { name: 'Search fans, clubs, posts and hashtags' });
  await box.fill(search);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(search).replace(/%20/g, '(\\+|%20)')}`));
  // The previous answer stays on screen while the next loads: wait for this one.
  await expect(page.getByRole('tabpanel', { name: 'All' })).toHaveAttribute('aria-busy', 'false');
  const clubs = page.getByRole('region', { name: 'Clubs' });
  await expect(clubs).toBeVisible();
  const fans = page.getByRole('region', { name: 'Fans' });
  return {
    clubs: await clubs.getByRole('listitem').allInnerTexts(),
    fans: (await fans.count()) ? await fans.getByRole('listitem').allInnerTexts() : [],
  };
}

test('search finds the same club and fans in Latin and Georgian letters; Following shows only followed fans', async ({
  browser,
}) => {
  // Names of this run only, so the spec neither depends on nor disturbs the others.
  const run = Date.now().toString(36);
  const searcher = await newFan(browser, { nickname: `searcher_${run}` });
  await joinDinamo(searcher);
  const latin = await newFan(browser, { nickname: `dinamo_fan_${run}` });
  await joinDinamo(latin);
  const georgian = await newFan(browser, { nickname: `დინამო_${run}` });
  await joinDinamo(georgian);
  const { page } = searcher;
  try {
    // From the Feed header's search button (phones keep their five tabs).
    await page.goto('/feed');
    await page.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText('Find fans, clubs and posts')).toBeVisible();

    const inLatin = await results(page, 'dinamo');
    expect(inLatin.clubs[0]).toContain('Dinamo Tbilisi');
    const inGeorgian = await results(page, 'დინამო');
    expect(inGeorgian.clubs).toEqual(inLatin.clubs);
    expect(inGeorgian.fans).toEqual(inLatin.fans);

    // This run's two fans, one named in each script, are found by either spelling.
    for (const search of [`dinamo ${run}`, `დინამო ${run}`]) {
      await page.getByRole('searchbox', { name: 'Search fans, clubs, posts and hashtags' }).fill(search);
      const fans = page.getByRole('region', { name: 'Fans' });
      await expect(fans.getByRole('link', { name: new RegExp(`dinamo_fan_${run}`) })).toBeVisible();
      await expect(fans.getByRole('link', { name: new RegExp(`დინამო_${run}`) })).toBeVisible();
    }
    await expectAccessible(page);

    // Opening a result remembers the search on this device.
    await page
      .getByRole('region', { name: 'Fans' })
      .getByRole('link', { name: new RegExp(`dinamo_fan_${run}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/profile/dinamo_fan_${run}$`));
    await page.goto('/search');
    await expect(page.getByRole('button', { name: `დინამო ${run}`, exact: true })).toBeVisible();

    // A search with no match says so.
    await page.getByRole('searchbox', { name: 'Search fans, clubs, posts and hashtags' }).fill(`qqq${run}zzz`);
    await expect(page.getByText(`No results for “qqq${run}zzz”`)).toBeVisible();

    // Following: the searcher follows one of the two; only that fan's posts are listed there.
    const followedPost = `Followed fan says hello ${run}`;
    const otherPost = `Someone not followed ${run}`;
    expect((await latin.page.request.post('/api/posts', { data: { text: followedPost } })).status()).toBe(201);
    expect((await georgian.page.request.post('/api/posts', { data: { text: otherPost } })).status()).toBe(201);
    expect((await page.request.post(`/api/users/${latin.id}/follow`)).status()).toBe(200);

    await page.goto('/feed');
    await expect(page.getByText(otherPost)).toBeVisible();
    await page.getByRole('tab', { name: 'Following' }).click();
    await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(followedPost)).toBeVisible();
    await expect(page.getByText(otherPost)).toHaveCount(0);
    const cards = page.getByRole('tabpanel', { name: 'Following' }).getByRole('article');
    for (const card of await cards.all()) await expect(card).toContainText(`dinamo_fan_${run}`);
    await expectAccessible(page);

    // On a wide screen the side rail's search box opens the search with what was typed.
    await page.setViewportSize({ width: 1280, height: 900 });
    const rail = page.getByRole('complementary').getByRole('searchbox');
    await rail.fill('დინამო');
    await rail.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole('region', { name: 'Clubs' }).getByText('Dinamo Tbilisi')).toBeVisible();
  } finally {
    await searcher.context.close();
    await latin.context.close();
    await georgian.context.close();
  }
});
