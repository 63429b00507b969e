import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';

async function newFan(browser: Browser, label: string, club: [string, string]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndSignIn(page, { email: uniqueEmail(label), password: 'tbilisi-1925' });
  await joinClub(page, club[0], club[1]);
  const me = (await (await page.request.get('/api/me')).json()) as { me: { id: string; nickname: string } };
  return { page, id: me.me.id, nickname: me.me.nickname, close: () => context.close() };
}

async function createPost(page: Page, text: string): Promise<string> {
  const response = await page.request.post('/api/posts', { data: { text } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

const unreadBadge = (page: Page) => page.getByTestId('unread-badge').first();

test('two fans: follow, like and comment reach the other live; a notification opens the post; block hides posts', async ({
  browser,
}) => {
  test.setTimeout(120_000); // two sign-ups and a journey through five screens
  const a = await newFan(browser, 'ana', ['dinamo', 'Dinamo Tbilisi']);
  const b = await newFan(browser, 'beka', ['dinamo', 'Dinamo Tbilisi']);
  // Texts of their own: other journeys post to the same global feed.
  const question = `Who is coming to the derby? #${Date.now().toString(36)}`;
  const bekaPost = `A post from Beka #${Date.now().toString(36)}`;
  try {
    const postId = await createPost(a.page, question);
    await a.page.goto('/feed');
    await expect(a.page.getByText(question)).toBeVisible();

    // B follows A from A's public profile.
    await b.page.goto(`/u/${a.id}`);
    await b.page.getByRole('button', { name: 'Follow' }).click();
    await expect(b.page.getByText('Following').first()).toBeVisible();
    await expect(unreadBadge(a.page)).toHaveText('1');

    // B likes and comments on A's post; A's badge rises without a reload.
    await b.page.goto(`/post/${postId}`);
    await b.page.getByRole('button', { name: 'Like' }).first().click();
    await expect(unreadBadge(a.page)).toHaveText('2');
    await b.page.getByPlaceholder('Add a comment...').fill('Me! Dinamo forever');
    await b.page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(b.page.getByText('Comment added!')).toBeVisible();
    await expect(unreadBadge(a.page)).toHaveText('3');

    await a.page.goto('/notifications');
    await expect(a.page.getByText(`${b.nickname} started following you`)).toBeVisible();
    await expectAccessible(a.page);
    await a.page.getByText(`${b.nickname} liked your post`).click();
    await expect(a.page).toHaveURL(new RegExp(`/post/${postId}$`));
    await expect(a.page.getByText('Me! Dinamo forever')).toBeVisible();

    // A blocks B: B's posts leave A's feed.
    await createPost(b.page, bekaPost);
    await a.page.goto('/feed');
    await expect(a.page.getByText(bekaPost)).toBeVisible();
    await a.page.goto(`/profile/${encodeURIComponent(b.nickname)}`);
    await a.page.getByRole('button', { name: 'More options' }).click();
    await a.page.getByRole('menuitem', { name: 'Block' }).click();
    await expect(a.page.getByText('User blocked')).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Blocked' })).toBeDisabled();
    await a.page.goto('/feed');
    await expect(a.page.getByText(question)).toBeVisible();
    await expect(a.page.getByText(bekaPost)).toHaveCount(0);
  } finally {
    await a.close();
    await b.close();
  }
});

test('a fan uploads an avatar from the profile', async ({ browser }) => {
  const fan = await newFan(browser, 'nino', ['batumi', 'Dinamo Batumi']);
  try {
    await fan.page.goto('/profile');
    // A valid 1×1 PNG: the server re-encodes it as a 512×512 square.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await fan.page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(fan.page.getByText('Avatar updated!')).toBeVisible();
    const avatar = fan.page.getByRole('button', { name: 'Change profile picture' }).locator('img');
    await expect(avatar).toHaveAttribute('src', /\/media\/avatars\/.+\?v=\d+/);
    await expect(avatar).toHaveJSProperty('naturalWidth', 512);
    await expectAccessible(fan.page);
  } finally {
    await fan.close();
  }
});
