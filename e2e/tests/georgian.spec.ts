import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { firstLink, readMail } from '../support/outbox';
import { uniqueEmail } from '../support/fan';
import { administrator, joinDinamo, newFan, PASSWORD, PHONE } from '../support/accounts';

// ---------------------------------------------------------------------------------------------------------------
// The catalogues, read as the app reads them, to tell English left on a Georgian screen.
// ---------------------------------------------------------------------------------------------------------------
type Catalogue = { [key: string]: string | Catalogue };
const localesDir = join(import.meta.dirname, '../../apps/web/src/locales');

function flatten(catalogue: Catalogue, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}
function catalogue(language: 'en' | 'ka'): Map<string, string> {
  const all = flatten(JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')) as Catalogue);
  for (const file of readdirSync(join(localesDir, language))) {
    const namespace = file.replace(/\.json$/, '');
    flatten(JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')) as Catalogue, `${namespace}.`, all);
  }
  return all;
}
const en = catalogue('en');
const ka = catalogue('ka');

/**
 * A sentence as a whole-line pattern. A placeholder is any text, except one written against a letter ("{{value}}px"):
 * that is a number with its unit, and any text there would read a nickname ending in "px" as English.
 */
function linePattern(text: string): RegExp {
  const parts = text.split(/\{\{[^}]*\}\}/);
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = parts
    .map((part, i) => {
      if (i === 0) return escape(part);
      const glued = /\p{L}$/u.test(parts[i - 1]!) || /^\p{L}/u.test(part);
      return `${glued ? '[\\d.,]+' : '.+'}${escape(part)}`;
    })
    .join('');
  return new RegExp(`^${source}$`, 'u');
}

/** Every English sentence that has a different Georgian twin, as a whole-line pattern. */
const englishOnly = [...en]
  .filter(([key, text]) => ka.get(key) !== text && /\p{L}{2}/u.test(text.replace(/\{\{[^}]*\}\}/g, '')))
  .map(([key, text]) => ({ key, pattern: linePattern(text) }));

/** The lines of text on screen that are English catalogue sentences. */
async function englishOnScreen(page: Page): Promise<string[]> {
  const lines = (await page.locator('body').innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.flatMap((line) =>
    englishOnly.filter(({ pattern }) => pattern.test(line)).map(({ key }) => `${key}: ${line}`),
  );
}

async function expectGeorgian(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ka');
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0, { timeout: 10_000 });
  expect(await englishOnScreen(page)).toEqual([]);
  // Georgian is what is on screen, not an empty page.
  expect(await page.locator('body').innerText()).toMatch(/\p{Script=Georgian}{3}/u);
  // Capital styles never turn Mkhedruli into Mtavruli.
  const transforms = await page
    .locator('.uppercase')
    .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).textTransform));
  expect(transforms.filter((value) => value === 'uppercase')).toEqual([]);
}

test.describe('ქართულად', () => {
  test('a fan switches to ქართული in Settings, and every screen, device and error follows', async ({ browser }) => {
    test.setTimeout(180_000);
    const fan = await newFan(browser, { nickname: `gela_${Date.now().toString(36)}` });
    await joinDinamo(fan);
    const friend = await newFan(browser, { nickname: `zura_${Date.now().toString(36)}` });
    await joinDinamo(friend);
    // Its own words, so that a post of another run or journey never matches them.
    const chant = `დინამო! 🔴⚪ ${Date.now().toString(36)}`;
    const post = (await (await fan.page.request.post('/api/posts', { data: { text: chant } })).json()) as {
      post: { id: string };
    };
    await friend.page.request.post(`/api/posts/${post.post.id}/like`);
    await friend.page.request.post(`/api/posts/${post.post.id}/comments`, { data: { body: 'ვაშა!' } });

    const { page } = fan;
    await page.goto('/feed');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText(chant)).toBeVisible();
    // The check below can fail: on the English screen it finds the catalogue's English.
    expect((await englishOnScreen(page)).length).toBeGreaterThan(0);

    // Settings → Language & Region: ქართული, applied at once (no reload).
    await page.goto('/settings');
    await expect(page.getByRole('region', { name: 'Language & Region' })).toBeVisible();
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'ქართული' });
    await expect(page.getByRole('heading', { level: 1, name: 'პარამეტრები' })).toBeVisible();
    await expect(page.getByText('ენა შენახულია')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
    await expect(page).toHaveTitle('Burti — საქართველოს ფეხბურთის სოციალური ქსელი');
    await expect(page.getByRole('region', { name: 'ენა და რეგიონი' })).toBeVisible();
    await expectGeorgian(page);

    await page.goto('/feed');
    await expect(page.getByRole('tab', { name: 'ლენტა' })).toBeVisible();
    await expect(page.getByText(chant)).toBeVisible();
    await expectGeorgian(page);

    await page.getByRole('tab', { name: 'რეიტინგი' }).click();
    await expect(page.getByRole('combobox', { name: 'კლუბი' }).or(page.getByText('პერიოდი')).first()).toBeVisible();
    await expectGeorgian(page);

    await page.goto(`/post/${post.post.id}`);
    await expect(page.getByText('ვაშა!')).toBeVisible();
    await expectGeorgian(page);

    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'შეტყობინებები' })).toBeVisible();
    await expect(page.getByText(/მოეწონა შენი პოსტი/)).toBeVisible();
    await expectGeorgian(page);

    await page.goto(`/u/${fan.id}`);
    await expect(page.getByText('1 პოსტი', { exact: true })).toBeVisible();
    await expectGeorgian(page);

    // Reload: still Georgian, from the first paint.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ka');
    await expect(page.getByText('1 პოსტი', { exact: true })).toBeVisible();

    // A second browser signed in to the same account: Georgian too (the account keeps the choice).
    const second = await newFan(browser, { email: fan.email, existing: true });
    await second.page.goto('/feed');
    await expect(second.page.locator('html')).toHaveAttribute('lang', 'ka');
    await expect(second.page.getByRole('tab', { name: 'ლენტა' })).toBeVisible();
    await expectGeorgian(second.page);
    await second.context.close();

    // A server error, shown in Georgian: the composer's post arrives at the API with 501 characters.
    await page.goto('/feed');
    await page.route('**/api/posts', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.continue({ postData: JSON.stringify({ text: 'გ'.repeat(501) }) });
    });
    await page.getByRole('button', { name: 'დაწერა' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('დღეს ვიგებთ!');
    await page.getByRole('dialog').getByRole('button', { name: 'გამოქვეყნება' }).click();
    await expect(page.getByText('პოსტი მაქსიმუმ 500 სიმბოლოსგან შედგება.')).toBeVisible();
    await page.unroute('**/api/posts');

    // Switching back needs no reload either.
    await page.goto('/settings');
    await page.getByLabel('ენა', { exact: true }).selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'ქართული' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ka');

    await fan.context.close();
    await friend.context.close();
  });

  test('the admin area speaks Georgian, numbers and dates included', async ({ browser }) => {
    const admin = await administrator(browser);
    expect((await admin.page.request.patch('/api/me/profile', { data: { language: 'ka' } })).status()).toBe(200);
    const { page } = admin;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'მიმოხილვა' })).toBeVisible();
    await expectGeorgian(page);
    for (const [path, heading] of [
      ['/admin/reports', 'საჩივრები'],
      ['/admin/users', 'მომხმარებლები'],
      ['/admin/settings', 'პარამეტრები'],
      ['/admin/audit', 'ქმედებების ჟურნალი'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectGeorgian(page);
    }
    // Dates through Intl in Georgian ("შემოუერთდა 23 ნოე. 2026").
    await page.goto('/admin/users');
    await expect(page.getByText(/შემოუერთდა \d{1,2} \p{Script=Georgian}+\.? \d{4}/u).first()).toBeVisible();
    // Back to English for the other journeys of this server run.
    await page.request.patch('/api/me/profile', { data: { language: 'en' } });
    await admin.context.close();
  });

  test('a browser that prefers Georgian sees the landing and auth screens in Georgian, and gets Georgian mail', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'ka-GE', viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByText('საქართველოს ფეხბურთის სოციალური ქსელი')).toBeVisible();
    await expectGeorgian(page);
    await expect(page).toHaveTitle('Burti — საქართველოს ფეხბურთის სოციალური ქსელი');

    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'შესვლა', exact: true })).toBeVisible();
    await expectGeorgian(page);

    // Sign-up in Georgian: the confirmation email is Georgian, and the account starts in Georgian.
    const email = uniqueEmail('tamar');
    await page.getByRole('button', { name: 'ანგარიში არ გაქვს? დარეგისტრირდი' }).click();
    await page.getByLabel('ელფოსტა').fill(email);
    await page.getByLabel('პაროლი').fill('short');
    await page.getByRole('button', { name: 'ანგარიშის შექმნა' }).click();
    await expect(page.getByText('პაროლი მინიმუმ 8 სიმბოლოსგან უნდა შედგებოდეს.')).toBeVisible();
    // A common password: the server's own reason, by its code, in Georgian (not "check the highlighted fields").
    await page.getByLabel('პაროლი').fill('password');
    await page.getByRole('button', { name: 'ანგარიშის შექმნა' }).click();
    await expect(page.getByText(/^ეს პაროლი ყველაზე გავრცელებულ/)).toBeVisible();
    await page.getByLabel('პაროლი').fill(PASSWORD);
    await page.getByRole('button', { name: 'ანგარიშის შექმნა' }).click();
    await expect(page.getByText('შეამოწმე ფოსტა')).toBeVisible();
    const mail = await readMail(email, /დაადასტურე ელფოსტა/);
    expect(mail.text).toContain('ელფოსტის დადასტურება');
    await page.goto(firstLink(mail.text));
    await expect(page.getByText('ელფოსტა დადასტურდა!')).toBeVisible();

    // A wrong password: better-auth's code, in Georgian.
    await page.getByLabel('ელფოსტა').fill(email);
    await page.getByLabel('პაროლი').fill('not-the-password');
    await page.getByRole('button', { name: 'შესვლა', exact: true }).click();
    await expect(page.getByText('ელფოსტა ან პაროლი არასწორია')).toBeVisible();
    await context.close();
  });

  test('club search understands fans in either script', async ({ browser }) => {
    const fan = await newFan(browser);
    const { page } = fan;
    await page.goto('/onboarding');
    const search = page.getByRole('searchbox', { name: 'Search clubs' });
    for (const [query, club] of [
      ['დინამო', 'Dinamo Tbilisi'],
      ['DINAMO', 'Dinamo Tbilisi'],
      ['koln', '1. FC Köln'],
      ['alaves', 'Alavés'],
      ['barca', 'Barcelona'],
      ['man utd', 'Manchester United'],
      ['ტორპედო', 'Torpedo Kutaisi'],
    ] as const) {
      await search.fill(query);
      await expect(
        page.getByRole('list', { name: 'Choose Your Club' }).getByRole('button').first(),
      ).toHaveAccessibleName(new RegExp(`^${club.replace(/\./g, '\\.')}`));
    }
    await fan.context.close();
  });
});
