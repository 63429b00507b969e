import { expect, type Page } from '@playwright/test';
import { firstLink, readMail } from './outbox';

let counter = 0;
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${++counter}@example.ge`;
}

/** Signs up through the form, confirms from the outbox and signs in: the whole journey of a new fan. */
export async function signUpAndSignIn(
  page: Page,
  { email, password, nickname }: { email: string; password: string; nickname?: string },
) {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  if (nickname) await page.getByLabel('Nickname (optional)').fill(nickname);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const mail = await readMail(email, /Confirm your email/);
  await page.goto(firstLink(mail.text));
  await expect(page.getByText('Email confirmed!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // 'Welcome back!' is also the form's title: wait for the toast's message and for the page to move on.
  await expect(page.getByText('Successfully signed in.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);
}

export async function joinClub(page: Page, search: string, club: string) {
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('searchbox', { name: 'Search clubs' }).fill(search);
  await page.getByRole('button', { name: new RegExp(`^${club}`) }).click();
  await page.getByRole('button', { name: `Join ${club} Community` }).click();
  await expect(page).toHaveURL(/\/feed$/);
}
