import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';

test('a new fan signs up, confirms, signs in, joins Dinamo Tbilisi and keeps the session', async ({ page }) => {
  const email = uniqueEmail('nika');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Burti' })).toBeVisible();
  await expect(page.getByText('The Georgian Football Social Network')).toBeVisible();
  await expectAccessible(page);
  // Get Started opens the sign-up form, not "Welcome back!".
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toHaveCount(0);
  await expectAccessible(page);

  await signUpAndSignIn(page, { email, password: 'tbilisi-1925' });
  // A brand-new fan is greeted as new.
  await expect(page.getByText('Choose your club to begin.')).toBeVisible();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Choose Your Club' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('searchbox', { name: 'Search clubs' }).fill('dinamo');
  await expect(page.getByRole('button', { name: /^Arsenal/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Dinamo Tbilisi/ }).click();
  await expect(page.getByText('Confirm Your Choice')).toBeVisible();
  await page.getByRole('button', { name: 'Join Dinamo Tbilisi Community' }).click();
  await expect(page.getByText("You've joined Dinamo Tbilisi fans")).toBeVisible();
  await expect(page).toHaveURL(/\/feed$/);
  // The feed is the whole network's: empty on a fresh server, else led by the newest post of any journey that ran
  // before this one. Either way the screen shows what the API has.
  const { posts } = (await (await page.request.get('/api/feed')).json()) as {
    posts: { author: { nickname: string } }[];
  };
  if (posts.length === 0) await expect(page.getByText('No posts yet')).toBeVisible();
  else await expect(page.getByRole('article').first()).toContainText(posts[0]!.author.nickname);
  await expectAccessible(page);

  await page.reload();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible();

  await page.goto('/club');
  await expect(page.getByRole('heading', { level: 1, name: 'Dinamo Tbilisi' })).toBeVisible();
  await expect(page.getByText('Posts from your club community')).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByText('Version 1.0.0')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/feed');
  await expect(page).toHaveURL(/\/auth$/);
});

test('anonymous visitors are sent to /auth from protected screens', async ({ page }) => {
  for (const path of ['/feed', '/club', '/profile', '/settings', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
});

test('unknown pages show the 404 and legal documents render', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/legal/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' }).last()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/legal/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' }).last()).toBeVisible();

  const email = uniqueEmail('legal');
  await signUpAndSignIn(page, { email, password: 'tbilisi-1925' });
  await joinClub(page, 'arsenal', 'Arsenal');
  await page.goto('/legal/xyz');
  await expect(page).toHaveURL(/\/settings$/);
});

test('a fan edits the profile, changes club from settings and deletes the account', async ({ page }) => {
  const email = uniqueEmail('zura');
  await signUpAndSignIn(page, { email, password: 'tbilisi-1925' });
  await joinClub(page, 'georgia', 'Dinamo Batumi');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  const nickname = `zura_${Date.now().toString(36)}`;
  await page.getByLabel('Nickname').fill(nickname);
  await page.getByLabel('Bio').fill('Batumi by the sea');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(page.getByRole('heading', { name: nickname }).first()).toBeVisible();
  await expect(page.getByText('Batumi by the sea')).toBeVisible();
  await expect(page.getByText("You haven't posted anything yet")).toBeVisible();
  await expectAccessible(page);

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Change club' }).click();
  await page.getByRole('searchbox', { name: 'Search clubs' }).fill('LIVERPOOL');
  await page.getByRole('button', { name: /^Liverpool/ }).click();
  await page.getByRole('button', { name: 'Join Liverpool Community' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await page.goto('/club');
  await expect(page.getByRole('heading', { level: 1, name: 'Liverpool' })).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('tbilisi-1925');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Authentication failed')).toBeVisible();
});
