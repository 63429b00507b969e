import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project screens` writes
// screenshots of the main screens at phone and desktop widths to ./screenshots for a person to look at.
const outDir = join(process.cwd(), 'screenshots');
const widths = [390, 1280];

async function shoot(page: Page, name: string) {
  mkdirSync(outDir, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: false });
  }
}

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
});
