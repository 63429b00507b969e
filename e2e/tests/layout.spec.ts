import { expect, test, type Page } from '@playwright/test';
import { administrator, joinDinamo, newFan } from '../support/accounts';
import { expectNothingCut } from '../support/layout';

// The places issue 42 found cut or overlapping on narrow phones, in Georgian (the longer language) and, for the
// notifications heading, in English: each is checked at 320 and 390 px for text cut, out of its box or overlapping.
const widths = [320, 390];

async function atWidths(page: Page, check: () => Promise<void>) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await check();
  }
}

test('narrow phones: nothing cut or overlapping in the places that once were, in Georgian', async ({ browser }) => {
  test.setTimeout(120_000);
  const fan = await newFan(browser, { nickname: 'ნიკოლოზ_ბერიძე_1925', locale: 'ka-GE' });
  const friend = await newFan(browser, { nickname: `zura_${Date.now().toString(36)}` });
  const admin = await administrator(browser);
  try {
    await fan.page.request.patch('/api/me/profile', { data: { language: 'ka' } });
    const page = fan.page;

    // The first screen of every Georgian fan: the join button names the club.
    await page.goto('/onboarding');
    await page.getByRole('searchbox').fill('დინამო');
    await page
      .getByRole('button', { name: /Dinamo Tbilisi|დინამო თბილისი/ })
      .first()
      .click();
    await atWidths(page, async () => {
      await expectNothingCut(page.getByRole('region', { name: 'დაადასტურე არჩევანი' }));
      await expectNothingCut(page.getByRole('list', { name: 'აირჩიე შენი კლუბი' }).getByRole('listitem').first());
    });
    await joinDinamo(fan);
    await joinDinamo(friend);

    // Two-digit unread count: the heading's pill, the bottom bar with its badge and centred Create button.
    await friend.page.request.post(`/api/users/${fan.id}/follow`);
    for (let i = 0; i < 10; i++) {
      const created = await page.request.post('/api/posts', { data: { text: `პოსტი ${i + 1}` } });
      const { post } = (await created.json()) as { post: { id: string } };
      await friend.page.request.post(`/api/posts/${post.id}/like`);
    }
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('11 წაუკითხავი');
    await atWidths(page, async () => {
      await expectNothingCut(page.locator('header').first());
      const bar = page.getByRole('navigation', { name: 'მთავარი მენიუ' }).last();
      await expectNothingCut(bar, { overlap: 'a' });
      const create = await bar.getByRole('button', { name: 'დაწერა' }).boundingBox();
      const viewport = page.viewportSize()!;
      expect(Math.abs(create!.x + create!.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
    });

    // The leaderboard's club and period.
    await page.goto('/feed');
    await page.getByRole('tab', { name: 'რეიტინგი' }).click();
    await page.getByText('ყველა დრო').waitFor();
    await atWidths(page, async () => {
      await expectNothingCut(page.getByRole('combobox', { name: 'კლუბი' }));
      const allTime = await page.getByText('ყველა დრო').boundingBox();
      const sevenDays = await page.getByText('7 დღე').boundingBox();
      // One line, as the other periods.
      expect(allTime!.height).toBeLessThanOrEqual(sevenDays!.height + 1);
      await expectNothingCut(page.locator('[aria-label="პერიოდი"]'));
    });

    // The invite dialog's share buttons.
    await page.goto('/referrals');
    await page.getByRole('button', { name: 'მეგობრების მოწვევა' }).first().click();
    await atWidths(page, async () => {
      const dialog = page.getByRole('dialog');
      await expectNothingCut(dialog.getByRole('button', { name: 'გაზიარება ტელეგრამში' }));
      await expectNothingCut(dialog.getByRole('region', { name: 'ტელეგრამის ბმული' }), { overlap: 'button' });
    });
    await page.keyboard.press('Escape');

    // English: the heading with "11 unread" and Mark all read.
    await page.request.patch('/api/me/profile', { data: { language: 'en' } });
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('11 unread');
    await atWidths(page, async () => {
      await expectNothingCut(page.locator('header').first());
      await expectNothingCut(page.getByRole('navigation', { name: 'Main' }).last(), { overlap: 'a' });
    });

    // The administrator's report tabs.
    await admin.page.request.patch('/api/me/profile', { data: { language: 'ka' } });
    await admin.page.goto('/admin/reports');
    await atWidths(admin.page, async () => {
      await expectNothingCut(admin.page.getByRole('tablist'), { overlap: '[role=tab]' });
    });
  } finally {
    await admin.page.request.patch('/api/me/profile', { data: { language: 'en' } });
    await fan.context.close();
    await friend.context.close();
    await admin.context.close();
  }
});
