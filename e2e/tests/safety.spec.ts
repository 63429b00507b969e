import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';
import { outboxDir } from '../support/env';
import { firstLink, readMail } from '../support/outbox';

const password = 'tbilisi-1925';
const stamp = () => Date.now().toString(36).slice(-6);

type Page = { posts: { id: string; text: string | null }[] };

test('double-clicking Post and Comment creates one post and one comment; a lost answer is retried safely', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { email: uniqueEmail('double'), password, nickname: `double_${stamp()}` });
  await joinClub(page, 'dinamo', 'Dinamo Tbilisi');
  const me = (await (await page.request.get('/api/me')).json()) as { me: { id: string } };
  const userId = me.me.id;

  // --- Post, double-clicked ---------------------------------------------------------------------------------------
  const text = `Double click on the post button ${stamp()}`;
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByRole('textbox', { name: 'Post text' }).fill(text);
  const postRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/posts'))
      postRequests.push(request.headers()['idempotency-key'] ?? '');
  });
  await dialog.getByRole('button', { name: 'Post' }).dblclick();
  await expect(page.getByText('Success! Your post has been shared with the community!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const mine = (await (await page.request.get(`/api/users/${userId}/posts`)).json()) as Page;
  expect(mine.posts.filter((p) => p.text === text)).toHaveLength(1);
  expect(postRequests.every((key) => key.length > 0)).toBe(true);
  await expect(page.locator('article').filter({ hasText: text })).toHaveCount(1);

  // --- Comment, double-clicked ------------------------------------------------------------------------------------
  const postId = mine.posts.find((p) => p.text === text)!.id;
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Once is enough');
  await page.getByRole('button', { name: 'Comment', exact: true }).dblclick();
  await expect(page.getByText('Comment added!').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(page.getByText('Once is enough')).toHaveCount(1);

  // --- The answer to a comment is lost on the way back: the client retries with the same key ----------------------
  let dropped = 0;
  await page.route(`**/api/posts/${postId}/comments`, async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.continue();
    dropped++;
    await route.fetch(); // the server does the work...
    await route.abort('connectionreset'); // ...and the answer never arrives
  });
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Sent over a bad connection');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Comment added!').first()).toBeVisible();
  expect(dropped).toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  await expect(page.getByText('Sent over a bad connection')).toHaveCount(1);
});

test('an unconfirmed fan resends the confirmation mail from the sign-in screen', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await readMail(email, /Confirm your email/);

  // Later, without having opened the mail, the fan tries to sign in.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Confirm your email first' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(email);
  await expectAccessible(page);

  const mailsBefore = await countMails(email);
  await alert.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(alert).toContainText(`A new confirmation link is on its way to ${email}`);
  await expect.poll(() => countMails(email)).toBe(mailsBefore + 1);

  // The new link works, and then signing in does.
  const mail = await readMail(email, /Confirm your email/);
  await page.goto(firstLink(mail.text));
  await expect(page.getByText('Email confirmed!')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Successfully signed in.')).toBeVisible();
});

test('a common password is refused on sign-up with a clear message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email').fill(uniqueEmail('weak'));
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('This password is one of the most common and easy to guess.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Check your inbox')).toBeHidden();
});

/** How many confirmation mails `to` has received in the dev outbox. */
async function countMails(to: string): Promise<number> {
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  let count = 0;
  for (const file of files) {
    const raw = await readFile(join(outboxDir, file), 'utf8');
    const headers = raw.slice(0, raw.indexOf('\n\n'));
    if ((/^To: (.*)$/m.exec(headers)?.[1] ?? '').includes(to) && /^Subject: Confirm your email/m.test(headers)) count++;
  }
  return count;
}
