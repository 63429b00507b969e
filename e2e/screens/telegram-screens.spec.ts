import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { joinClub } from '../support/fan';
import { openInTelegram, signInitData } from '../support/telegram';
import { shoot } from '../support/screenshots';

// Not part of the suite: Settings of a fan inside Telegram (with the bot's messages switch), at phone and desktop
// widths, in English and Georgian, written to ./screenshots for a person to look at.

test('Telegram settings screens', async ({ page }) => {
  const telegramId = randomInt(100_000_000, 999_999_999);
  const user = { id: telegramId, first_name: 'Nino', username: `nino${telegramId}` };
  await openInTelegram(page, signInitData({ user: JSON.stringify(user), auth_date: String((Date.now() / 1000) | 0) }));
  await joinClub(page, 'Dinamo', 'Dinamo Tbilisi');
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Messages from the Burti bot in Telegram' })).toBeVisible();
  await shoot(page, 'telegram-settings-en', { fullPage: true });
  await page.evaluate(() =>
    fetch('/api/me/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'ka' }),
    }),
  );
  await page.reload();
  await expect(page.getByRole('switch', { name: 'ბურთის ბოტის შეტყობინებები Telegram-ში' })).toBeVisible();
  await shoot(page, 'telegram-settings-ka', { fullPage: true });
});
