import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/fan';
import { readMail } from '../support/outbox';
import { shoot } from '../support/screenshots';

// Not part of the suite: the sign-in screen of an unconfirmed fan, at phone and desktop widths, written to
// ./screenshots for a person to look at.

test('unconfirmed sign-in screens', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('tbilisi-1925');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await readMail(email, /Confirm your email/);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('tbilisi-1925');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Confirm your email first' })).toBeVisible();
  await shoot(page, 'safety-unconfirmed');
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText('A new confirmation link is on its way')).toBeVisible();
  await shoot(page, 'safety-resent');
});
