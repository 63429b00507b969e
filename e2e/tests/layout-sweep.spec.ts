import { expect, test } from '@playwright/test';
import { accessibilityProblems } from '../support/a11y';
import { layoutProblems, settle } from '../support/layout';
import { adminRoutes, fanRoutes, label, LANGUAGES, plant, signedOutRoutes, signIn, type World } from '../support/sweep';

// Issue 42's layout sweep: every route of the app (apps/web/src/app/router.tsx) and its dialogs, at 320, 390 and
// 1280 px, in Georgian and English, with content of real length (long nicknames in Georgian, Georgian club names,
// a two-digit unread count, a long Georgian post and comments), fails on text that is cut, covered or runs out of
// its box, and on sideways scrolling (support/layout.ts's layoutProblems; tests/layout-checker.spec.ts shows it
// failing). One browser context per language and width; the screens are navigated to, not signed into again.
// Each screen is also checked with axe (no serious or critical violation) at 320 and 1280 px (390 px draws the same
// elements as 320) and for the document's language, so the sweep is the accessibility check of every screen too.

const WIDTHS = [320, 390, 1280] as const;
/** Widths at which axe reads the screen: the phone layout and the wide one. */
const AXE_WIDTHS: readonly number[] = [320, 1280];

let world: World;

test.describe('layout sweep', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    world = await plant(browser);
  });

  for (const language of LANGUAGES) {
    test(`every route and dialog in ${language} at 320, 390 and 1280 px: nothing cut, covered or scrolling sideways`, async ({
      browser,
    }) => {
      test.setTimeout(900_000);
      // One context for the language: each screen is drawn once and looked at in each width (the window resized).
      const context = await browser.newContext({
        locale: language === 'ka' ? 'ka-GE' : 'en-US',
        viewport: { width: WIDTHS[0], height: 740 },
      });
      const page = await context.newPage();
      const found = new Set<string>();
      const started = Date.now();
      const check = async (screen: string, root?: string) => {
        const before = Date.now();
        // A menu or dialog opens after its code loads.
        if (root)
          await page
            .locator(root)
            .first()
            .waitFor({ timeout: 15_000 })
            .catch(() => undefined);
        try {
          await settle(page, { timeout: 15_000 });
        } catch {
          found.add(`${screen}: still loading after 15 s`);
        }
        const settled = Date.now();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 768 ? 740 : 900 });
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          const problems = await layoutProblems(page, { root });
          if (AXE_WIDTHS.includes(width)) problems.push(...(await accessibilityProblems(page, { root })));
          for (const problem of problems) {
            const line = `${screen} at ${width} px: ${problem}`;
            if (process.env.SWEEP_VERBOSE && !found.has(line)) console.log(`  ${line}`);
            found.add(line);
          }
        }
        const lang = await page.locator('html').getAttribute('lang');
        if (lang !== language) found.add(`${screen}: <html lang="${lang}">, not ${language}`);
        await page.setViewportSize({ width: WIDTHS[0], height: 740 });
        if (process.env.SWEEP_VERBOSE) {
          console.log(
            `${language} ${Date.now() - started}ms settle ${settled - before} check ${Date.now() - settled} ${screen}`,
          );
        }
      };
      const visit = async (path: string) => {
        const before = Date.now();
        await page.goto(path);
        if (process.env.SWEEP_VERBOSE) console.log(`  goto ${Date.now() - before}ms`);
        await check(path);
      };
      const t = (key: string) => label(language, key);
      try {
        // Signed out.
        for (const path of signedOutRoutes) {
          await visit(path);
        }
        await signIn(context, world.me.email, language);

        // The fan's screens.
        await visit('/feed');
        const feedTabs = page.getByRole('main').getByRole('tablist').first().getByRole('tab');
        for (let i = 1; i < (await feedTabs.count()); i++) {
          await feedTabs.nth(i).click();
          await check(`/feed tab ${i + 1}`);
        }
        await visit('/club');
        const matchTabs = page.getByRole('tablist', { name: t('matches:tabsLabel') }).getByRole('tab');
        for (let i = 1; i < (await matchTabs.count()); i++) {
          await matchTabs.nth(i).click();
          await check(`/club matches tab ${i + 1}`);
        }
        await visit(`/club/${world.rivalClubId}`);
        await page.getByRole('tab').nth(1).click();
        await check(`/club/${world.rivalClubId} leaderboard`);
        for (const path of fanRoutes(world)) {
          await visit(path);
        }

        // Dialogs and menus.
        await page.goto('/feed');
        await page
          .getByRole('button', { name: t('nav.create'), exact: true })
          .locator('visible=true')
          .click();
        await check('composer dialog', '[role="dialog"]');
        await page.keyboard.press('Escape');

        await page.goto(`/post/${world.postId}`);
        await page
          .getByRole('button', { name: t('post.options') })
          .first()
          .click();
        await check('post menu', '[role="menu"]');
        await page.getByRole('menuitem', { name: t('post.delete') }).click();
        await check('delete post dialog', '[role="alertdialog"]');
        await page.keyboard.press('Escape');
        await page
          .getByRole('button', { name: t('comments.options') })
          .first()
          .click();
        await check('comment menu', '[role="menu"]');
        await page.keyboard.press('Escape');

        await page.goto(`/u/${world.friend.id}`);
        await page.getByRole('button', { name: t('social:moreOptions') }).click();
        await check('profile menu (report)', '[role="menu"]');
        await page.keyboard.press('Escape');

        await page.goto('/profile');
        await page.getByRole('button', { name: t('profile.edit'), exact: true }).click();
        await check('edit profile dialog', '[role="dialog"]');
        await page.keyboard.press('Escape');

        await page.goto('/referrals');
        await page
          .getByRole('button', { name: t('referrals:invite') })
          .first()
          .click();
        await check('invite dialog', '[role="dialog"]');
        await page.keyboard.press('Escape');

        await page.goto('/settings');
        await page.getByRole('link', { name: t('settings.changeClub') }).click();
        await page.getByRole('searchbox').fill('ტორპედო');
        await page
          .getByRole('button', { name: /Torpedo Kutaisi|ტორპედო ქუთაისი/ })
          .first()
          .click();
        await check('change club');

        // The administrator's screens.
        await signIn(context, 'admin@burti.test', language);
        for (const path of adminRoutes(world)) {
          await visit(path);
        }
        await page.goto('/admin/reports');
        await page
          .getByRole('button', { name: t('admin:reports.review') })
          .first()
          .click();
        await check('report review dialog', '[role="dialog"]');
      } catch (error) {
        found.add(`stopped: ${String(error).split('\n')[0]}`);
      } finally {
        // The administrator is shared by the specs, in English.
        await context.request.patch('/api/me/profile', { data: { language: 'en' } }).catch(() => undefined);
        await context.close().catch(() => undefined);
      }
      expect([...found], `layout problems in ${language}`).toEqual([]);
    });
  }
});
