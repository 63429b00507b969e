import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';

/** A fan of Dinamo with a nickname of this run's own, so the journey does not depend on any other. */
async function newFan(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const nickname = `${label}${Date.now().toString(36)}`;
  await signUpAndSignIn(page, { email: uniqueEmail(label), password: 'tbilisi-1925', nickname });
  await joinClub(page, 'dinamo', 'Dinamo Tbilisi');
  const me = (await (await page.request.get('/api/me')).json()) as { me: { id: string; nickname: string } };
  return { page, id: me.me.id, nickname: me.me.nickname, close: () => context.close() };
}

async function createPost(page: Page, text: string): Promise<string> {
  const response = await page.request.post('/api/posts', { data: { text } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

const unreadBadge = (page: Page) => page.getByTestId('unread-badge').first();

test('a fan mentions a friend with autocomplete; the friend sees three likes as one row, opens the post, follows a hashtag', async ({
  browser,
}) => {
  test.setTimeout(120_000); // four fans sign up before the journey starts
  const author = await newFan(browser, 'mauthor');
  const friend = await newFan(browser, 'mfriend');
  const likers = [await newFan(browser, 'mlikea'), await newFan(browser, 'mlikeb')];
  const tag = `derby${Date.now().toString(36)}`;
  try {
    // The author mentions the friend, picking them from the suggestions with the keyboard.
    await author.page.goto('/post/new');
    const box = author.page.getByRole('textbox', { name: 'Post text' });
    await box.pressSequentially(`Great game with @${friend.nickname.slice(0, 10)}`);
    const option = author.page.getByRole('option', { name: `@${friend.nickname}` });
    await expect(option).toBeVisible();
    await expectAccessible(author.page);
    await box.press('Enter');
    await expect(box).toHaveValue(`Great game with @${friend.nickname} `);
    await box.pressSequentially(`#${tag}`);
    await author.page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(author.page).toHaveURL(/\/feed$/);
    await expect(author.page.getByRole('link', { name: `@${friend.nickname}` }).first()).toBeVisible();

    // The friend's own post, liked by three fans: one row, the post's first line under it.
    const postId = await createPost(friend.page, `Who else was at the stadium? #${tag}\nSecond line`);
    for (const fan of [author, ...likers]) {
      expect((await fan.page.request.post(`/api/posts/${postId}/like`)).status()).toBe(200);
    }
    await friend.page.goto('/notifications');
    const likedRow = friend.page.getByRole('button', {
      name: new RegExp(`${likers[1]!.nickname} and 2 others liked your post`),
    });
    await expect(likedRow).toHaveCount(1);
    await expect(likedRow).toContainText('Who else was at the stadium?');
    await expect(
      friend.page.getByRole('button', { name: new RegExp(`${author.nickname} mentioned you`) }),
    ).toBeVisible();
    // Two groups unread: the mention and the likes.
    await expect(unreadBadge(friend.page)).toHaveText('2');
    await expectAccessible(friend.page);

    await likedRow.click();
    await expect(friend.page).toHaveURL(new RegExp(`/post/${postId}$`));
    await expect(unreadBadge(friend.page)).toHaveText('1');

    // The hashtag in the post opens its page, which lists the post.
    await friend.page
      .getByRole('link', { name: `#${tag}` })
      .first()
      .click();
    await expect(friend.page).toHaveURL(new RegExp(`/tag/${tag}$`));
    await expect(friend.page.getByRole('heading', { name: `#${tag}`, level: 1 })).toBeVisible();
    await expect(friend.page.getByText('Who else was at the stadium?')).toBeVisible();
    await expect(friend.page.getByText('Great game with')).toBeVisible();
    await expectAccessible(friend.page);
  } finally {
    await Promise.all([author, friend, ...likers].map((fan) => fan.close()));
  }
});
