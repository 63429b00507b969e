import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';
import { flagPngFile } from '../support/media';

const password = 'tbilisi-1925';
const stamp = () => Date.now().toString(36).slice(-6);

/** A second fan needs a browser of their own (own cookies), on the same server. */
async function newFan(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** The feed card whose text contains `text`. */
const card = (page: Page, text: string | RegExp): Locator => page.locator('article').filter({ hasText: text });

async function menu(page: Page, post: Locator, item: string) {
  await post.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('two fans post, edit, like, comment, reply, share, report and delete', async ({ page: a, browser }) => {
  test.setTimeout(180_000); // two sign-ups and a whole match day of interactions
  const nickA = `tamar_${stamp()}`;
  await signUpAndSignIn(a, { email: uniqueEmail('tamar'), password, nickname: nickA });
  await joinClub(a, 'dinamo', 'Dinamo Tbilisi');

  // --- A posts text from the Create button ------------------------------------------------------------------------
  const first = `Dinamo are flying this season! ${stamp()}`;
  await a.getByRole('button', { name: 'Create' }).click();
  const dialog = a.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Posting to: DINAMO TBILISI')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
  await expectAccessible(a);
  await dialog.getByRole('textbox', { name: 'Post text' }).fill(first);
  await expect(dialog.getByText(`${first.length}/500`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Post' }).click();
  await expect(a.getByText('Success! Your post has been shared with the community!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(a.locator('article').first()).toContainText(first);
  await expect(a).toHaveURL(/\/feed$/);

  // --- A posts a photo from /post/new -----------------------------------------------------------------------------
  const second = `Matchday at Boris Paichadze ${stamp()}`;
  await a.goto('/post/new');
  await expect(a.getByText('Your post will be visible to Dinamo Tbilisi fans and in Explore.')).toBeVisible();
  await a.getByRole('textbox', { name: 'Post text' }).fill(second);
  const chooser = a.waitForEvent('filechooser');
  await a.getByRole('button', { name: 'Photo' }).click();
  await (await chooser).setFiles(flagPngFile());
  await expect(a.getByRole('img', { name: 'Selected photo' })).toBeVisible();
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(a.getByText('Success! Your post has been shared with the community!')).toBeVisible();
  await expect(a).toHaveURL(/\/feed$/);
  const photoPost = card(a, second);
  const photo = photoPost.getByRole('img', { name: `Photo by ${nickA}` });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(a.locator('article').first()).toContainText(second);
  await expectAccessible(a);

  // --- A edits it --------------------------------------------------------------------------------------------------
  const edited = `${second} (edited: 2-0 win)`;
  await menu(a, photoPost, 'Edit Post');
  const editDialog = a.getByRole('dialog', { name: 'Edit Post' });
  await expect(editDialog.getByText('Editing post from:')).toBeVisible();
  await expect(editDialog.getByRole('img', { name: 'Selected photo' })).toBeVisible();
  await editDialog.getByRole('textbox', { name: 'Post text' }).fill(edited);
  await editDialog.getByRole('button', { name: 'Update' }).click();
  await expect(a.getByText('Success! Your post has been updated!')).toBeVisible();
  await expect(editDialog).toBeHidden();
  const editedPost = card(a, edited);
  await expect(editedPost.getByText('edited', { exact: true })).toBeVisible();
  await expect(editedPost.getByRole('img', { name: `Photo by ${nickA}` })).toBeVisible();
  const href = await editedPost.getByRole('link', { name: 'Comment' }).getAttribute('href');
  const postId = /\/post\/([\w-]+)$/.exec(href ?? '')?.[1];
  expect(postId).toBeTruthy();

  // --- B likes, shares, reports, comments and replies ------------------------------------------------------------
  const b = await newFan(browser);
  const nickB = `giorgi_${stamp()}`;
  await signUpAndSignIn(b, { email: uniqueEmail('giorgi'), password, nickname: nickB });
  await joinClub(b, 'arsenal', 'Arsenal');
  const seen = card(b, edited);
  await expect(seen).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Post options' })).toBeVisible();

  await seen.getByRole('button', { name: 'Like' }).click();
  const unlike = seen.getByRole('button', { name: 'Unlike' });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(unlike).toHaveText('1');

  await seen.getByRole('button', { name: 'Share' }).click();
  await expect(b.getByText('Post shared!')).toBeVisible();
  await expect(b.getByText('This post has been shared to your profile')).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Share' })).toHaveAttribute('aria-pressed', 'true');
  await expect(seen.getByRole('button', { name: 'Share' })).toHaveText('1');

  await seen.getByRole('button', { name: 'Post options' }).click();
  await expect(b.getByRole('menuitem', { name: 'Edit Post' })).toHaveCount(0);
  await b.getByRole('menuitem', { name: 'Report Post' }).click();
  await expect(b.getByText('Post reported')).toBeVisible();
  await expect(b.getByText('Thank you for helping keep our community safe')).toBeVisible();

  await seen.getByRole('link', { name: 'Comment' }).click();
  await expect(b).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(b.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await expect(b.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  const commentButton = b.getByRole('button', { name: 'Comment', exact: true });
  await expect(commentButton).toBeDisabled();
  await b.getByRole('textbox', { name: 'Add a comment' }).fill('What a strike from Kvaratskhelia!');
  await commentButton.click();
  await expect(b.getByText('Comment added!')).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(b.getByText('What a strike from Kvaratskhelia!')).toBeVisible();

  await b.getByRole('button', { name: 'Reply', exact: true }).click();
  const replyBox = b.getByRole('textbox', { name: `Reply to ${nickB}...` });
  await replyBox.fill('And the assist was even better.');
  await b.locator('form').filter({ has: replyBox }).getByRole('button', { name: 'Reply' }).click();
  await expect(b.getByText('Reply added!')).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  const toggle = b.getByRole('button', { name: '1 reply' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(b.getByText('And the assist was even better.')).toBeVisible();
  await toggle.click();
  await expect(b.getByText('And the assist was even better.')).toBeHidden();
  await toggle.click();
  await expect(b.getByText('And the assist was even better.')).toBeVisible();

  // Replying to a reply lands in the same thread.
  await b.getByRole('button', { name: 'Reply', exact: true }).nth(1).click();
  const replyToReply = b.getByRole('textbox', { name: `Reply to ${nickB}...` });
  await replyToReply.fill('Agreed!');
  await b.locator('form').filter({ has: replyToReply }).getByRole('button', { name: 'Reply' }).click();
  await expect(b.getByText('Reply added!').first()).toBeVisible();
  await expect(b.getByRole('button', { name: '2 replies' })).toBeVisible();
  await expect(b.getByText('Agreed!', { exact: true })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Comments (3)' })).toBeVisible();
  await expectAccessible(b);
  // A phone's width: nothing sticks out sideways.
  await b.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await b.goto('/feed');
  await expect(card(b, edited)).toBeVisible();
  await expect.poll(() => b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await b.setViewportSize({ width: 1280, height: 720 });

  // The share sits on B's profile.
  await b.goto('/profile');
  await expect(b.getByText(`${nickB} shared`)).toBeVisible();
  await expect(card(b, edited)).toBeVisible();

  // --- A sees it all, reports B's comment, then deletes the post -------------------------------------------------
  await a.goto(`/post/${postId}`);
  await expect(a.getByRole('heading', { name: 'Comments (3)' })).toBeVisible();
  const aPost = a.locator('article').first();
  await expect(aPost.getByRole('button', { name: 'Like' })).toHaveText('1');
  await expect(aPost.getByRole('button', { name: 'Share' })).toHaveText('1');
  await a.getByRole('button', { name: 'Comment options' }).first().click();
  await a.getByRole('menuitem', { name: 'Report' }).click();
  await expect(a.getByText('Comment reported')).toBeVisible();
  await expectAccessible(a);

  await a.goto('/feed');
  await menu(a, card(a, edited), 'Delete Post');
  const confirm = a.getByRole('alertdialog', { name: 'Delete post?' });
  await expect(confirm.getByText("This will remove your post from feeds. You can't undo this action.")).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(a.getByText('Post deleted')).toBeVisible();
  await expect(a.getByText('Your post has been removed')).toBeVisible();
  await expect(card(a, edited)).toHaveCount(0);
  await a.reload();
  await expect(card(a, first)).toBeVisible();
  await expect(card(a, edited)).toHaveCount(0);

  await b.goto(`/post/${postId}`);
  await expect(b.getByText('This post has been deleted')).toBeVisible();
  await expect(b.getByRole('link', { name: 'Back to Feed' })).toBeVisible();
  await b.context().close();
});

test('the club feed pages with Load More and ends with the caught-up line', async ({ page }) => {
  await signUpAndSignIn(page, { email: uniqueEmail('telavi'), password });
  await joinClub(page, 'telavi', 'Telavi');
  await page.goto('/club');
  await expect(page.getByText('No posts from Telavi yet')).toBeVisible();
  await expect(page.getByText('Be the first to start the chant!')).toBeVisible();

  for (let i = 1; i <= 21; i++) {
    const response = await page.request.post('/api/posts', { data: { text: `Telavi chant #${i}` } });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  await expect(page.locator('article')).toHaveCount(20);
  await expect(page.locator('article').first()).toContainText('Telavi chant #21');
  await expect(page.getByText("You've caught up with your club feed!")).toHaveCount(0);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.locator('article')).toHaveCount(21);
  await expect(page.locator('article').last()).toContainText('Telavi chant #1');
  await expect(page.getByText("You've caught up with your club feed!")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
});

test('a fan without a club is sent to choose one by the Create button', async ({ page }) => {
  await signUpAndSignIn(page, { email: uniqueEmail('noclub'), password });
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});
