import { join } from 'node:path';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';
import { firstLink, readMail } from '../support/outbox';
import { screenshotsDir, shoot } from '../support/screenshots';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project=screens referrals` writes
// screenshots of the Referrals screen, the invite dialog and the leaderboard at phone and desktop widths.

/** A fan made through the API only (sign up, confirm from the outbox, sign in), in a club. */
async function apiFan(baseURL: string, nickname: string, clubId: number): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = uniqueEmail('friend');
  const password = 'tbilisi-1925';
  const signUp = await api.post('/api/auth/sign-up/email', { data: { email, password, name: nickname } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const mail = await readMail(email, /Confirm your email/);
  await api.get(firstLink(mail.text));
  expect((await api.post('/api/auth/sign-in/email', { data: { email, password } })).ok()).toBe(true);
  expect((await api.put('/api/me/club', { data: { clubId } })).ok()).toBe(true);
  return api;
}

test('referrals and leaderboard screens', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, { email: uniqueEmail('captain'), password: 'tbilisi-1925', nickname: 'ნიკა_კაპიტანი' });
  await joinClub(page, 'torpedo', 'Torpedo Kutaisi');
  const me = (await (await page.request.get('/api/me')).json()) as {
    me: { referralCode: string; primaryClub: { id: number } };
  };
  const { referralCode: code, primaryClub } = me.me;

  await page.goto('/referrals');
  await page.getByText('No referrals yet').waitFor();
  await shoot(page, 'referrals-empty');

  // Four friends: two of them real members already (rewarded), two pending; they like and comment on posts.
  const myPost = (await (await page.request.post('/api/posts', { data: { text: 'Torpedo!' } })).json()) as {
    post: { id: string };
  };
  const friends = ['levan_9', 'mariam.k', 'გიორგი', 'tornike_gk'];
  for (const [i, nickname] of friends.entries()) {
    const friend = await apiFan(baseURL!, nickname, primaryClub.id);
    const source = i % 2 ? 'telegram' : 'web';
    await friend.post('/api/goal/referrals', {
      data: source === 'telegram' ? { source, startParam: `ref_${code}` } : { source, code },
    });
    if (i < 2) {
      const post = (await (await friend.post('/api/posts', { data: { text: `Hello from ${nickname}` } })).json()) as {
        post: { id: string };
      };
      await page.request.post(`/api/posts/${post.post.id}/like`);
      for (let k = 0; k < i + 1; k++)
        await friend.post(`/api/posts/${myPost.post.id}/comments`, { data: { body: 'Come on!' } });
    }
    if (i < 2) await friend.post(`/api/posts/${myPost.post.id}/like`);
    await friend.dispose();
  }

  await page.goto('/referrals');
  await page.getByRole('list', { name: 'People you invited' }).waitFor();
  await shoot(page, 'referrals');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Invite Friends' }).click();
  await page.getByRole('dialog', { name: 'Invite Friends' }).waitFor();
  await shoot(page, 'invite-dialog');
  await page.keyboard.press('Escape');

  // The leaderboard, once the Feed screen shows it.
  await page.goto('/feed');
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  const board = page.getByRole('list', { name: 'Leaderboard' });
  const shown = await board
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (shown) {
    await shoot(page, 'leaderboard');
    await page.getByRole('radio', { name: 'All-time' }).click();
    // The picker closes when the window is resized: open it afresh at each width.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.getByRole('combobox', { name: 'Club' }).click();
      await page.getByRole('listbox').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(screenshotsDir, `leaderboard-club-picker-${width}.png`) });
      await page.keyboard.press('Escape');
    }
  }
});
