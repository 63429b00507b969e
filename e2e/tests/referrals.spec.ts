import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';

// A club of their own, so that other journeys' fans do not share this board.
const CLUB = { search: 'dila', name: 'Dila Gori' };

async function createPost(page: Page, text: string): Promise<string> {
  const response = await page.request.post('/api/posts', { data: { text } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

test('a friend who joins through the web invite link earns the inviter 35 $GOAL, and both climb the board', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL!;

  // Fan A: signs up, joins the club, posts, and copies the web invite link.
  const contextA = await browser.newContext({ baseURL: origin });
  await contextA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const a = await contextA.newPage();
  const nicknameA = `inviter_${Date.now().toString(36)}`;
  await signUpAndSignIn(a, { email: uniqueEmail('inviter'), password: 'tbilisi-1925', nickname: nicknameA });
  await joinClub(a, CLUB.search, CLUB.name);
  const postA = await createPost(a, 'Who is coming to the derby?');

  await a.goto('/referrals');
  await expect(a.getByRole('heading', { name: 'Referral Earnings' })).toBeVisible();
  await expect(a.getByText('No referrals yet')).toBeVisible();
  await expect(a.getByText('Start inviting friends to earn $GOAL!')).toBeVisible();
  await expect(a.getByRole('heading', { name: 'How Referrals Work' })).toBeVisible();
  await expectAccessible(a);

  await a.getByRole('button', { name: 'Invite Friends' }).click();
  const dialog = a.getByRole('dialog', { name: 'Invite Friends' });
  await expect(dialog.getByText('35 $GOAL for each new member')).toBeVisible();
  await expect(dialog.getByText('Recommended')).toBeVisible();
  await expect(dialog.getByText('Fallback')).toBeVisible();
  const telegramLink = await dialog.getByRole('textbox', { name: 'Telegram invite link' }).inputValue();
  expect(telegramLink).toMatch(/^https:\/\/t\.me\/BurtiBot\/app\?startapp=ref_[a-z0-9]+$/);
  await expectAccessible(a);

  await dialog.getByRole('button', { name: 'Copy Web link' }).click();
  await expect(a.getByText('Copied!')).toBeVisible();
  await expect(a.getByText('Web link copied to clipboard')).toBeVisible();
  const webLink = await a.evaluate(() => navigator.clipboard.readText());
  expect(webLink).toBe(await dialog.getByRole('textbox', { name: 'Web invite link' }).inputValue());
  expect(webLink).toBe(`${origin}/?ref=${telegramLink.split('ref_')[1]}`);
  await a.keyboard.press('Escape');

  // Fan B: opens the link in another browser, signs up, confirms the email, signs in and joins the club.
  const contextB = await browser.newContext({ baseURL: origin });
  const b = await contextB.newPage();
  await b.goto(webLink);
  await expect(b.getByRole('link', { name: 'Get Started' })).toBeVisible();
  const nicknameB = `friend_${Date.now().toString(36)}`;
  await signUpAndSignIn(b, { email: uniqueEmail('friend'), password: 'tbilisi-1925', nickname: nicknameB });
  await joinClub(b, CLUB.search, CLUB.name);

  // A sees B as a pending referral from the web.
  const referral = a
    .getByRole('list', { name: 'People you invited' })
    .getByRole('listitem')
    .filter({ hasText: nicknameB });
  await expect(async () => {
    await a.goto('/referrals');
    await expect(referral).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(referral.getByText('Pending')).toBeVisible();
  await expect(referral.getByText('Web', { exact: true })).toBeVisible();
  await expect(a.getByRole('definition').filter({ hasText: /^1$/ })).toBeVisible();

  // B's first post makes B a real member: A earns 35 $GOAL.
  const postB = await createPost(b, 'Thanks for the invite! Gaumarjos!');
  await a.reload();
  await expect(referral.getByText('+35 $GOAL')).toBeVisible();
  await expect(a.getByTestId('referrals-balance')).toHaveText('$35 GOAL');
  await expect(referral.getByText('Pending')).toHaveCount(0);

  // Activity on each other's posts: B likes and comments on A's post, A likes B's post.
  expect((await b.request.post(`/api/posts/${postA}/like`)).status()).toBe(200);
  expect((await b.request.post(`/api/posts/${postA}/comments`, { data: { body: 'I am in!' } })).status()).toBe(201);
  expect((await a.request.post(`/api/posts/${postB}/like`)).status()).toBe(200);

  // The board, as the API gives it to A...
  const clubs = (await (await a.request.get('/api/clubs?q=dila')).json()) as { clubs: { id: number; name: string }[] };
  const clubId = clubs.clubs.find((club) => club.name === CLUB.name)!.id;
  const board = (await (await a.request.get(`/api/leaderboard?clubId=${clubId}&window=30d`)).json()) as {
    rows: {
      userId: string;
      nickname: string;
      likes: number;
      comments: number;
      shares: number;
      score: number;
      goalBalance: number;
    }[];
  };
  expect(board.rows.map((r) => [r.nickname, r.likes, r.comments, r.shares, r.score, r.goalBalance])).toEqual([
    [nicknameA, 1, 1, 0, 3, 35],
    [nicknameB, 1, 0, 0, 1, 0],
  ]);

  // ...and on the Leaderboard tab of the feed.
  await a.goto('/feed');
  await a.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(a.getByRole('combobox', { name: 'Club' })).toContainText(CLUB.name);
  await expect(a.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true');
  const rows = a.getByRole('list', { name: 'Leaderboard' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(nicknameA);
  await expect(rows.nth(0).getByRole('img', { name: '1st place' })).toBeVisible();
  await expect(rows.nth(0).getByText('You', { exact: true })).toBeVisible();
  await expect(rows.nth(0).getByText('$35 GOAL')).toBeVisible();
  await expect(rows.nth(0)).toContainText('3 points');
  await expect(rows.nth(0).getByText('1 like', { exact: true })).toBeAttached();
  await expect(rows.nth(0).getByText('1 comment', { exact: true })).toBeAttached();
  await expect(rows.nth(1)).toContainText(nicknameB);
  await expect(rows.nth(1).getByRole('img', { name: '2nd place' })).toBeVisible();
  await expect(rows.nth(1).getByText('You', { exact: true })).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('1 point');
  await expectAccessible(a);

  // B sees the same board with the 'You' badge on their own row.
  await b.goto('/feed');
  await b.getByRole('tab', { name: 'Leaderboard' }).click();
  const rowsB = b.getByRole('list', { name: 'Leaderboard' }).getByRole('listitem');
  await expect(rowsB.nth(1)).toContainText(nicknameB);
  await expect(rowsB.nth(1).getByText('You', { exact: true })).toBeVisible();
  await b.getByRole('radio', { name: 'All-time' }).click();
  await expect(b.getByRole('radio', { name: 'All-time' })).toHaveAttribute('aria-checked', 'true');
  await expect(rowsB).toHaveCount(2);

  await contextA.close();
  await contextB.close();
});
