import { expect, test, type Page } from '@playwright/test';
import { administrator, joinDinamo, newFan } from '../support/accounts';

/** A date and time as a datetime-local field takes it, in the browser's zone (the admin's own clock). */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

async function press(console: Page, name: string) {
  const button = console.getByRole('button', { name, exact: true });
  await expect(button).toBeEnabled();
  await button.click();
}

// One administrator per server run: the whole match day is one journey.
test.describe.serial('match day', () => {
  test('an administrator runs a match from the console while fans follow it live and talk in its thread', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const suffix = Date.now().toString(36);

    // The administrator at the ground, on a phone, in English.
    const admin = await administrator(browser);
    await admin.page.setViewportSize({ width: 390, height: 740 });

    // A fixture an earlier attempt of this journey left on is ended first: the club's card shows the live match.
    const earlier = (await (await admin.page.request.get('/api/admin/matches?kind=upcoming')).json()) as {
      matches: { id: string; round: string | null }[];
    };
    for (const left of earlier.matches.filter((m) => m.round?.startsWith('Derby '))) {
      const ended = await admin.page.request.put(`/api/admin/matches/${left.id}/result`, {
        data: { score: { home: 0, away: 0 } },
      });
      expect(ended.status()).toBe(200);
    }

    // A Dinamo fan at a desk, in Georgian; another on a phone, in English.
    const watcher = await newFan(browser, { nickname: `watcher_${suffix}`, locale: 'ka-GE' });
    await joinDinamo(watcher);
    expect((await watcher.page.request.patch('/api/me/profile', { data: { language: 'ka' } })).status()).toBe(200);
    await watcher.page.setViewportSize({ width: 1280, height: 800 });
    const reader = await newFan(browser, { nickname: `reader_${suffix}` });
    await joinDinamo(reader);

    // The fixture: Dinamo Tbilisi at home to Torpedo Kutaisi, kicking off in five minutes.
    const page = admin.page;
    await page.goto('/admin/matches');
    await expect(page.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Erovnuli Liga' })).toBeAttached();
    await page.getByLabel('Competition').selectOption({ label: 'Erovnuli Liga' });
    await page.getByLabel('Season').selectOption({ label: '2026' });
    await page.getByLabel('Home team').selectOption({ label: 'Dinamo Tbilisi' });
    await page.getByLabel('Away team').selectOption({ label: 'Torpedo Kutaisi' });
    await page.getByLabel('Kick-off (your local time)').fill(localInput(new Date(Date.now() + 5 * 60_000)));
    await page.getByLabel('Round (optional)').fill(`Derby ${suffix}`);
    await page.getByRole('button', { name: 'Create fixture' }).click();
    await expect(page).toHaveURL(/\/admin\/matches\/[0-9a-f-]{36}$/);
    const matchId = page.url().split('/').pop()!;
    await expect(page.getByText('Scheduled')).toBeVisible();

    // The watcher opens the match page; the reader's feed shows the club's next match.
    await watcher.page.goto(`/match/${matchId}`);
    const header = watcher.page.getByRole('region', { name: 'დინამო თბილისი – ტორპედო ქუთაისი' });
    await expect(header).toBeVisible();
    await expect(header.getByText('დაგეგმილი')).toBeVisible();
    await reader.page.goto('/feed');
    const card = reader.page.getByRole('region', { name: 'Next match' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Dinamo Tbilisi')).toBeVisible();

    // Kick-off: both screens follow without a reload.
    await press(page, 'Kick off');
    await expect(page.getByText("Live · 1'")).toBeVisible();
    // Live, the header shows the score and the minute in place of the state.
    await expect(header.getByText('0 – 0')).toBeVisible();
    await expect(reader.page.getByRole('region', { name: 'Live now' })).toBeVisible();

    // A goal for Dinamo, with its scorer.
    await page.getByLabel('Player (optional)').fill('Zivzivadze');
    await press(page, 'Goal: Dinamo Tbilisi');
    await expect(page.getByText('Score: 1 – 0')).toBeAttached();
    await expect(header.getByText('1 – 0')).toBeVisible();
    await expect(watcher.page.getByText('Zivzivadze')).toBeVisible();
    await expect(reader.page.getByRole('region', { name: 'Live now' }).getByText('1 – 0')).toBeVisible();

    // The watcher says so in the match thread; the post keeps its match and reaches the club's feed.
    const text = `გოლი! ზივზივაძე ${suffix}`;
    await watcher.page.getByLabel('შენი პოსტი მატჩის განხილვაში').fill(text);
    await watcher.page.getByRole('button', { name: 'გამოქვეყნება', exact: true }).click();
    await expect(watcher.page.getByText('გამოქვეყნდა მატჩის განხილვაში')).toBeVisible();
    await expect(watcher.page.getByText(text)).toBeVisible();
    await reader.page.goto('/club');
    const threadPost = reader.page.getByRole('article').filter({ hasText: text });
    await expect(threadPost).toBeVisible();
    await expect(threadPost.getByRole('link', { name: /Match: / })).toHaveAttribute('href', `/match/${matchId}`);

    // VAR takes the goal away again, then the match runs to full time.
    await press(page, 'VAR: disallow the last goal');
    await expect(page.getByText('Score: 0 – 0')).toBeAttached();
    await expect(header.getByText('0 – 0')).toBeVisible();
    await press(page, 'Half-time');
    await expect(header.getByText('შესვენება', { exact: true })).toBeVisible();
    await press(page, 'Second half');
    await press(page, 'Full time');
    await expect(page.getByText('Full time', { exact: true }).first()).toBeVisible();
    await expect(header.getByText('დასრულდა', { exact: true })).toBeVisible();

    for (const fan of [admin, watcher, reader]) await fan.context.close();
  });
});
