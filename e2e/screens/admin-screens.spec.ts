import { join } from 'node:path';
import { test } from '@playwright/test';
import { administrator } from '../support/accounts';
import { joinClub, signUpAndSignIn, uniqueEmail } from '../support/fan';
import { screenshotsDir, shoot } from '../support/screenshots';

// Temporary, not part of the suite: screenshots of the admin area and the design system at phone and desktop
// widths, written to ./screenshots for a person to look at.

test('admin screens', async ({ browser }) => {
  test.setTimeout(180_000);
  // The one administrator of the server run, whichever spec made it, under the name the screenshots show.
  const { page } = await administrator(browser);
  await page.request.patch('/api/me/profile', { data: { nickname: 'moderator_nino' } });

  const author = await browser.newContext();
  const authorPage = await author.newPage();
  await signUpAndSignIn(authorPage, { email: uniqueEmail('author'), password: 'tbilisi-1925', nickname: 'ნიკა_12' });
  await joinClub(authorPage, 'dinamo', 'Dinamo Tbilisi');
  const created = await authorPage.request.post('/api/posts', {
    data: { text: 'The referee was bought, everyone knows it. Disgraceful night at the Dinamo Arena!' },
  });
  const postId = ((await created.json()) as { post: { id: string } }).post.id;
  for (const label of ['r1', 'r2', 'r3']) {
    const context = await browser.newContext();
    const reporter = await context.newPage();
    await signUpAndSignIn(reporter, { email: uniqueEmail(label), password: 'tbilisi-1925', nickname: `fan_${label}` });
    await reporter.waitForURL(/\/onboarding$/);
    await reporter.request.post('/api/reports', { data: { targetType: 'post', targetId: postId } });
    if (label === 'r1') {
      const me = (await (await authorPage.request.get('/api/me')).json()) as { me: { id: string } };
      await reporter.request.post('/api/reports', { data: { targetType: 'user', targetId: me.me.id } });
    }
  }

  await page.goto('/admin');
  await page.getByText('Attention Required').waitFor();
  await shoot(page, 'admin-dashboard');
  await page.goto('/admin/reports');
  await page.getByRole('button', { name: 'Review' }).first().waitFor();
  await shoot(page, 'admin-reports', { fullPage: true });
  await page.getByRole('button', { name: 'Review' }).last().click();
  await shoot(page, 'admin-review');
  await page.keyboard.press('Escape');
  await page.goto('/admin/users');
  await page.getByText('moderator_nino').first().waitFor();
  await shoot(page, 'admin-users');
  await page.goto('/admin/settings');
  await page.getByRole('heading', { name: 'Per-user limits' }).waitFor();
  await shoot(page, 'admin-settings', { fullPage: true });
  // A few actions for the audit log: resolve the user report, block then unblock a reporter.
  const pending = (await (await page.request.get('/api/admin/reports')).json()) as {
    reports: { id: string; targetType: string }[];
  };
  const userCase = pending.reports.find((r) => r.targetType === 'user');
  if (userCase) {
    await page.request.post(`/api/admin/reports/${userCase.id}/resolve`, {
      data: { action: 'dismissed', note: 'Heated, but within the guidelines.' },
    });
  }
  const users = (await (await page.request.get('/api/admin/users?q=fan_r3')).json()) as { users: { id: string }[] };
  const r3 = users.users[0]!.id;
  await page.request.post(`/api/admin/users/${r3}/block`, { data: { blocked: true, note: 'Spam links' } });
  await page.request.post(`/api/admin/users/${r3}/block`, { data: { blocked: false } });
  await page.goto('/admin/audit');
  await page.getByText('blocked a user').first().waitFor();
  await shoot(page, 'admin-audit');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  await page.getByRole('button', { name: /Menu/ }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(screenshotsDir, 'admin-menu-390.png') });
  await page.keyboard.press('Escape');

  for (const tab of ['brand', 'components', 'examples', 'guidelines']) {
    await page.goto(`/design-system${tab === 'brand' ? '' : `?tab=${tab}`}`);
    await page.getByRole('tab').first().waitFor();
    await shoot(page, `design-system-${tab}`, { fullPage: true });
  }
});
