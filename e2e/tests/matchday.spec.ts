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
  test('an administrator runs a match from the console while fans follow it live and talk in its thread, and fans in spoiler mode see no score until they reveal it', async ({
    browser,
  }) => {
    test.setTimeout(360_000);
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
    // Two fans who will watch the match later, in spoiler mode: one on a phone in Georgian, one at a desk in English.
    const lateKa = await newFan(browser, { nickname: `late_ka_${suffix}`, locale: 'ka-GE' });
    await joinDinamo(lateKa);
    expect((await lateKa.page.request.patch('/api/me/profile', { data: { language: 'ka' } })).status()).toBe(200);
    await lateKa.page.setViewportSize({ width: 390, height: 740 });
    const lateEn = await newFan(browser, { nickname: `late_en_${suffix}` });
    await joinDinamo(lateEn);
    await lateEn.page.setViewportSize({ width: 1280, height: 800 });

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

    // Spoiler mode: the Georgian fan holds the match from the next-match card, the English one from the match page.
    await lateKa.page.goto('/feed');
    const lateCard = lateKa.page.getByRole('region', { name: 'შემდეგი მატჩი' });
    await lateCard.getByRole('button', { name: 'ანგარიშის დამალვა' }).click();
    await expect(lateCard.getByRole('button', { name: 'ანგარიშის ჩვენება' })).toBeVisible();
    await lateEn.page.goto(`/match/${matchId}`);
    const lateHeader = lateEn.page.getByRole('region', { name: 'Dinamo Tbilisi – Torpedo Kutaisi' });
    await expect(lateHeader).toBeVisible();
    await lateEn.page.getByRole('button', { name: 'Hold until I’ve watched' }).click();
    await expect(lateEn.page.getByRole('button', { name: 'Reveal the score' })).toBeVisible();
    const hiddenEn = lateHeader.getByRole('img', { name: 'Score hidden until you’ve watched' });
    await expect(hiddenEn).toBeVisible();

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
    // The fans in spoiler mode see the match go on, but no score and no scorer.
    await expect(hiddenEn).toBeVisible();
    await expect(lateHeader.getByText('1 – 0')).toHaveCount(0);
    await expect(lateEn.page.getByText('The timeline is hidden until you reveal the score.')).toBeVisible();
    await expect(lateEn.page.getByText('Zivzivadze')).toHaveCount(0);
    const liveKa = lateKa.page.getByRole('region', { name: 'ახლა მიმდინარეობს' });
    await expect(liveKa.getByRole('img', { name: 'ანგარიში დამალულია, სანამ მატჩს ნახავ' })).toBeVisible();
    await expect(liveKa.getByText('1 – 0')).toHaveCount(0);

    // The watcher says so in the match thread; the post keeps its match and reaches the club's feed.
    const text = `გოლი! ზივზივაძე ${suffix}`;
    await watcher.page.getByLabel('შენი პოსტი მატჩის განხილვაში').fill(text);
    await watcher.page.getByRole('button', { name: 'გამოქვეყნება', exact: true }).click();
    await expect(watcher.page.getByText('გამოქვეყნდა მატჩის განხილვაში')).toBeVisible();
    await expect(watcher.page.getByText(text)).toBeVisible();
    // The thread's posts are folded for the fan in spoiler mode, until they reveal the score.
    await expect(lateEn.page.getByRole('button', { name: 'Show posts' })).toBeVisible();
    await expect(lateEn.page.getByText(text)).toHaveCount(0);
    await lateEn.page.getByRole('button', { name: 'Reveal the score' }).click();
    await expect(lateHeader.getByText('1 – 0')).toBeVisible();
    await expect(lateEn.page.getByText('Zivzivadze')).toBeVisible();
    // The post that came while the thread was folded waits above it, as new posts do.
    await lateEn.page.getByRole('button', { name: '1 new post' }).click();
    await expect(lateEn.page.getByText(text)).toBeVisible();
    await liveKa.getByRole('button', { name: 'ანგარიშის ჩვენება' }).click();
    await expect(liveKa.getByText('1 – 0')).toBeVisible();
    await reader.page.goto('/club');
    const threadPost = reader.page.getByRole('article').filter({ hasText: text });
    // Five fans' browsers share the machine with the server: the club page may take a while to load.
    await expect(threadPost).toBeVisible({ timeout: 30_000 });
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

    for (const fan of [admin, watcher, reader, lateKa, lateEn]) await fan.context.close();
  });
});
