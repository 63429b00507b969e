import { expect, test, type Browser, type Page } from '@playwright/test';
import { administrator } from '../support/accounts';
import { expectAccessible } from '../support/a11y';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';

const PASSWORD = 'tbilisi-1925';
const BLOCKED_MESSAGE =
  'Your account has been blocked by an administrator. You can still read, but not post or interact.';

/** A fan in a browser context of their own, signed up, confirmed, signed in and in Dinamo Tbilisi. */
async function newFan(browser: Browser, label: string, nickname?: string): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(label);
  await signUpAndSignIn(page, { email, password: PASSWORD, nickname });
  await joinClub(page, 'dinamo', 'Dinamo Tbilisi');
  return { page, email };
}

// There is one administrator per server run (the ADMIN_EMAIL account), so the whole journey is one test. Other
// specs may have used the account, and other journeys' reports may be pending: this one looks only at its own.
test.describe.serial('moderation', () => {
  test('the administrator works a report, deletes the post, blocks its author; fans cannot get in', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const authorNickname = `author_${suffix}`;
    const postText = `Referee out! ${suffix}`;

    // The ADMIN_EMAIL account, an administrator since it confirmed its email (here, or in a spec that ran before).
    const { page: admin, context: adminContext } = await administrator(browser);
    await admin.setViewportSize({ width: 1280, height: 720 });
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(admin.getByText('Administrator', { exact: true })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Back to App' })).toBeVisible();
    for (const label of ['Total Users', 'New Users (7d)', 'New Users (30d)', 'Pending Reports', 'Total Posts']) {
      await expect(admin.getByRole('heading', { name: label })).toBeVisible();
    }
    await expectAccessible(admin);

    // Another fan posts; a third reports the post.
    const author = await newFan(browser, 'author', authorNickname);
    const created = await author.page.request.post('/api/posts', { data: { text: postText } });
    expect(created.status()).toBe(201);
    const postId = ((await created.json()) as { post: { id: string } }).post.id;
    const reporter = await newFan(browser, 'reporter');
    const reported = await reporter.page.request.post('/api/reports', {
      data: { targetType: 'post', targetId: postId },
    });
    expect(reported.status()).toBe(201);

    // The dashboard calls for attention and leads to the queue.
    await admin.goto('/admin');
    await expect(admin.getByText('Needs Attention')).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Attention Required' })).toBeVisible();
    await admin.getByRole('link', { name: 'Review reports' }).click();
    await expect(admin).toHaveURL(/\/admin\/reports$/);
    await expect(admin.getByRole('tab', { name: 'Pending', selected: true })).toBeVisible();
    const card = admin.getByRole('article').filter({ hasText: postText });
    await expect(card).toBeVisible();
    await expect(card.getByText('1 report', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: new RegExp(`^${authorNickname}`) })).toBeVisible();
    await expectAccessible(admin);

    // Review: delete the post, which resolves the case.
    await card.getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog', { name: 'Review report' });
    await expect(review).toBeVisible();
    await review.getByLabel('Note (optional)').fill('Abusive towards the referee.');
    await expectAccessible(admin);
    await review.getByRole('button', { name: 'Delete Post' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete this post?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    // Deleting the post decides the case: it is resolved with the note, and the dialog closes.
    await expect(admin.getByText('Post deleted successfully')).toBeVisible();
    await expect(review).toBeHidden();
    await expect(admin.getByRole('article').filter({ hasText: postText })).toHaveCount(0);
    await admin.getByRole('tab', { name: 'Resolved' }).click();
    const closed = admin.getByRole('article').filter({ hasText: postText });
    await expect(closed.getByText('Note: Abusive towards the referee.')).toBeVisible();
    await expect(closed.getByRole('button', { name: 'Review' })).toHaveCount(0);
    expect((await author.page.request.get(`/api/posts/${postId}`)).status()).toBe(410);

    // Block the author from Users.
    await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
    await expect(admin).toHaveURL(/\/admin\/users$/);
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(authorNickname);
    await expect(admin).toHaveURL(new RegExp(`q=${authorNickname}`));
    const userCard = admin.getByRole('listitem').filter({ hasText: authorNickname });
    await expect(userCard).toHaveCount(1);
    await expect(userCard.getByText(author.email)).toBeVisible();
    const profileLink = userCard.getByRole('link', { name: /View Profile/ });
    await expect(profileLink).toHaveAttribute('target', '_blank');
    await expect(profileLink).toHaveAttribute('rel', /noopener/);
    await expectAccessible(admin);
    await userCard.getByRole('button', { name: `Block ${authorNickname}` }).click();
    const blockDialog = admin.getByRole('alertdialog', { name: `Block ${authorNickname}?` });
    await blockDialog.getByRole('button', { name: 'Block' }).click();
    await expect(admin.getByText('User blocked successfully')).toBeVisible();
    await expect(userCard.getByText('Blocked', { exact: true })).toBeVisible();
    await expect(userCard.getByRole('button', { name: `Unblock ${authorNickname}` })).toBeVisible();

    // The author's session has ended; signed in again they can read, and posting is clearly refused.
    expect((await author.page.request.get('/api/me')).status()).toBe(401);
    await author.page.goto('/auth');
    await author.page.getByLabel('Email').fill(author.email);
    await author.page.getByLabel('Password').fill(PASSWORD);
    await author.page.getByRole('button', { name: 'Sign In' }).click();
    // Signed in again, and allowed to read.
    await expect(author.page).toHaveURL(/\/feed$/);
    const refused = await author.page.request.post('/api/posts', { data: { text: 'Let me back in' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'ACCOUNT_BLOCKED', message: BLOCKED_MESSAGE } });
    await author.page.goto('/post/new');
    await author.page.getByRole('textbox', { name: 'Post text' }).fill('Let me back in');
    await author.page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(author.page.getByText(BLOCKED_MESSAGE)).toBeVisible();

    // Settings and the audit log record what happened.
    await admin.goto('/admin/settings');
    await expect(admin.getByRole('heading', { name: 'Per-user limits' })).toBeVisible();
    await expect(admin.getByText('not configured').first()).toBeVisible();
    await expectAccessible(admin);
    await admin.goto('/admin/audit');
    await expect(admin.getByText('blocked a user').first()).toBeVisible();
    // The deletion is the case's decision: one entry, with the note (the case itself shows it as resolved).
    await expect(admin.getByText('deleted a post').first()).toBeVisible();
    await expect(admin.getByText('“Abusive towards the referee.”').first()).toBeVisible();
    await expectAccessible(admin);

    // On a phone the sidebar is a menu.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/admin');
    await expect(admin.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
    await admin.getByRole('button', { name: /Menu/ }).click();
    await admin.getByRole('menuitem', { name: /Reports/ }).click();
    await expect(admin).toHaveURL(/\/admin\/reports$/);
    await expectAccessible(admin);

    // A fan who is not an administrator is sent to the feed.
    await reporter.page.goto('/admin');
    await expect(reporter.page).toHaveURL(/\/feed$/);
    expect((await reporter.page.request.get('/api/admin/stats')).status()).toBe(403);
    await adminContext.close();
  });

  test('the design system shows its four tabs', async ({ page }) => {
    await signUpAndSignIn(page, { email: uniqueEmail('designer'), password: PASSWORD });
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.goto('/design-system');
    await expect(page.getByRole('heading', { level: 1, name: 'Design System' })).toBeVisible();
    const tabs = ['Brand Identity', 'UI Components', 'Examples', 'Guidelines'];
    await expect(page.getByRole('tab')).toHaveText(tabs);
    await expect(page.getByRole('heading', { name: 'Colour palette' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'UI Components' }).click();
    await expect(page.getByRole('img', { name: 'Dinamo Batumi' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Georgia' })).toBeVisible();
    await page.getByRole('button', { name: 'Show success' }).click();
    await expect(page.getByText('Post created!')).toBeVisible();
    await page.getByRole('button', { name: 'Open confirmation' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete post?' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Examples' }).click();
    await expect(page.getByRole('heading', { name: 'Post card' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await expect(page.getByRole('heading', { name: 'Motion' })).toBeVisible();
    await expect(page.getByText('250ms')).toBeVisible();
    await expectAccessible(page);
  });
});
