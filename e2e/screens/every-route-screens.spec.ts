import { test, type Page } from '@playwright/test';
import { settle } from '../support/layout';
import { shoot } from '../support/screenshots';
import { adminRoutes, fanRoutes, label, plant, signedOutRoutes, signIn } from '../support/sweep';

// Not part of the suite: `npx playwright test -c e2e/playwright.config.ts --project=screens every-route` writes a
// picture of every route of the app and of its dialogs, in Georgian at 320 px, with the layout sweep's content of
// real length (support/sweep.ts), to ./screenshots as every-route-ka-{screen}-320.png for a person to look at.

/** A file name for a path: "/club/4" → "club-4", "/search?q=დინამო" → "search-q". */
function slug(path: string): string {
  const name = path
    .replace(/[?#].*$/, (query) => (query.length > 1 ? '-q' : ''))
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'id')
    .replace(/%[0-9A-F]{2}/g, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '');
  return name || 'landing';
}

test('every route and dialog in Georgian at 320 px', async ({ browser }) => {
  test.setTimeout(600_000);
  const world = await plant(browser);
  const context = await browser.newContext({ locale: 'ka-GE', viewport: { width: 320, height: 844 } });
  const page = await context.newPage();
  const t = (key: string) => label('ka', key);
  const taken = new Set<string>();
  const picture = async (name: string) => {
    await settle(page, { timeout: 5_000 }).catch(() => undefined);
    let unique = name;
    for (let i = 2; taken.has(unique); i++) unique = `${name}-${i}`;
    taken.add(unique);
    await shoot(page, `every-route-ka-${unique}`, { widths: [320], fullPage: true });
  };
  const visit = async (path: string) => {
    await page.goto(path);
    await picture(slug(path));
  };
  const tabs = async (page: Page, name: string, list: ReturnType<Page['getByRole']>) => {
    const count = await list.getByRole('tab').count();
    for (let i = 1; i < count; i++) {
      await list.getByRole('tab').nth(i).click();
      await picture(`${name}-tab-${i + 1}`);
    }
  };
  try {
    for (const path of signedOutRoutes) await visit(path);
    await signIn(context, world.me.email, 'ka');
    await visit('/feed');
    await tabs(page, 'feed', page.getByRole('main').getByRole('tablist').first());
    await visit('/club');
    await tabs(page, 'club-matches', page.getByRole('tablist', { name: t('matches:tabsLabel') }));
    await visit(`/club/${world.rivalClubId}`);
    await tabs(page, 'rival-club', page.getByRole('main').getByRole('tablist').first());
    for (const path of fanRoutes(world)) await visit(path);

    await page.goto('/feed');
    await page
      .getByRole('button', { name: t('nav.create'), exact: true })
      .locator('visible=true')
      .click();
    await picture('dialog-composer');
    await page.keyboard.press('Escape');
    await page.goto(`/post/${world.postId}`);
    await page
      .getByRole('button', { name: t('post.options') })
      .first()
      .click();
    await picture('menu-post');
    await page.getByRole('menuitem', { name: t('post.delete') }).click();
    await picture('dialog-delete-post');
    await page.keyboard.press('Escape');
    await page.goto(`/u/${world.friend.id}`);
    await page.getByRole('button', { name: t('social:moreOptions') }).click();
    await picture('menu-profile-report');
    await page.keyboard.press('Escape');
    await page.goto('/profile');
    await page.getByRole('button', { name: t('profile.edit'), exact: true }).click();
    await picture('dialog-edit-profile');
    await page.keyboard.press('Escape');
    await page.goto('/referrals');
    await page
      .getByRole('button', { name: t('referrals:invite') })
      .first()
      .click();
    await picture('dialog-invite');
    await page.keyboard.press('Escape');
    await page.goto('/settings');
    await page.getByRole('link', { name: t('settings.changeClub') }).click();
    await page.getByRole('searchbox').fill('ტორპედო');
    await page
      .getByRole('button', { name: /Torpedo Kutaisi|ტორპედო ქუთაისი/ })
      .first()
      .click();
    await picture('change-club');

    await signIn(context, 'admin@burti.test', 'ka');
    for (const path of adminRoutes(world)) await visit(path);
    await page.goto('/admin/reports');
    await page
      .getByRole('button', { name: t('admin:reports.review') })
      .first()
      .click();
    await picture('dialog-report-review');
  } finally {
    await context.request.patch('/api/me/profile', { data: { language: 'en' } }).catch(() => undefined);
    await context.close();
  }
});
