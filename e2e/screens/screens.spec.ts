import { test } from '@playwright/test';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';
import { flagPng } from '../support/media';
import { shoot } from '../support/screenshots';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project screens` writes
// screenshots of the main screens at phone and desktop widths to ./screenshots for a person to look at.

test('screens', async ({ page }) => {
  await page.goto('/');
  await shoot(page, 'landing');
  await page.goto('/auth');
  await shoot(page, 'auth');
  await page.goto('/nope');
  await shoot(page, '404');
  await page.goto('/legal/community-guidelines');
  await page.getByRole('heading', { name: 'Community Guidelines' }).last().waitFor();
  await shoot(page, 'legal');

  await signUpAndSignIn(page, { email: uniqueEmail('shots'), password: 'tbilisi-1925', nickname: 'ნიკა_10' });
  await page.getByRole('searchbox', { name: 'Search clubs' }).waitFor();
  await shoot(page, 'onboarding');
  await page.getByRole('searchbox', { name: 'Search clubs' }).fill('dinamo');
  await page.getByRole('button', { name: /^Dinamo Tbilisi/ }).click();
  await shoot(page, 'onboarding-confirm');
  await page.getByRole('searchbox', { name: 'Search clubs' }).fill('');
  await joinClub(page, 'dinamo', 'Dinamo Tbilisi');
  await page.waitForTimeout(4500);
  await shoot(page, 'feed');
  await page.goto('/club');
  await page.getByText('Posts from your club community').waitFor();
  await shoot(page, 'club');
  await page.goto('/profile');
  await shoot(page, 'profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await shoot(page, 'profile-edit');
  await page.keyboard.press('Escape');
  await page.goto('/settings');
  await shoot(page, 'settings');
  await page.goto('/notifications');
  await shoot(page, 'notifications');

  // Posts: a few through the API (one with a photo), then the feed, the composer and a post with a thread.
  const texts = [
    'Full time at Boris Paichadze: 2-0! 🇬🇪 What a night for the Dinamo fans.',
    'Anyone going to the away game in Batumi on Saturday? Looking for a ride from Tbilisi.',
    'GAUMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAARJOOOOOOOS! https://example.ge/a/very/long/link/that/should/wrap/inside/the/card',
  ];
  for (const text of texts) await page.request.post('/api/posts', { data: { text } });
  const photoResponse = await page.request.post('/api/posts', {
    multipart: {
      text: 'The flag was everywhere tonight.\nდინამო! დინამო!',
      media: { name: 'flag.png', mimeType: 'image/png', buffer: flagPng(600, 400) },
    },
  });
  const { post } = (await photoResponse.json()) as { post: { id: string } };
  const comment = await page.request.post(`/api/posts/${post.id}/comments`, {
    data: { body: 'Goosebumps when the whole stadium sang.' },
  });
  const { comment: root } = (await comment.json()) as { comment: { id: string } };
  await page.request.post(`/api/posts/${post.id}/comments`, {
    data: { body: 'Best atmosphere in years, no doubt.', parentCommentId: root.id },
  });
  await page.request.post(`/api/posts/${post.id}/comments`, { data: { body: 'Next stop: Europe 🔴⚪' } });
  await page.request.post(`/api/posts/${post.id}/like`);

  await page.goto('/feed');
  await page.locator('article img').first().waitFor();
  await shoot(page, 'feed-posts');

  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('dialog', { name: 'Create Post' }).waitFor();
  await page.getByRole('textbox', { name: 'Post text' }).fill('Derby day tomorrow. '.repeat(19));
  await shoot(page, 'composer-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/post/new');
  await page.getByRole('textbox', { name: 'Post text' }).fill('Who is coming to the fan zone?');
  await shoot(page, 'post-new');

  await page.goto(`/post/${post.id}`);
  await page.getByRole('button', { name: '1 reply' }).click();
  await page.getByText('Best atmosphere in years, no doubt.').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'post-detail');
  await page.getByRole('heading', { name: 'Comments (3)' }).evaluate((el) => el.scrollIntoView());
  await shoot(page, 'post-detail-thread');

  await page.goto('/club');
  await page.locator('article').first().waitFor();
  await shoot(page, 'club-posts');

  await page.goto('/profile');
  await page.locator('article').first().waitFor();
  await shoot(page, 'profile-posts');

  await page.getByRole('button', { name: 'Post options' }).first().click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await page.getByRole('alertdialog', { name: 'Delete post?' }).waitFor();
  await shoot(page, 'post-delete-confirm');
});
