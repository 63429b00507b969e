import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { joinClub } from '../support/fan';
import { openInTelegram, signInitData } from '../support/telegram';

// Not part of the suite: Settings of a fan inside Telegram (with the bot's messages switch), at phone and desktop
// widths, in English and Georgian, written to ./screenshots for a person to look at.
const outDir = join(process.cwd(), 'screenshots');

async function shoot(page: Page, name: string) {
  mkdirSync(outDir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true });
  }
}

test('Telegram settings screens', async ({ page }) => {
  const telegramId = randomInt(100_000_000, 999_999_999);
  const user = { id: telegramId, first_name: 'Nino', username: `nino${telegramId}` };
  await openInTelegram(page, signInitData({ user: JSON.stringify(user), auth_date: String((Date.now() / 1000) | 0) }));
  await joinClub(page, 'Dinamo', 'Dinamo Tbilisi');
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Messages from the Burti bot in Telegram' })).toBeVisible();
  await shoot(page, 'telegram-settings-en');
  await page.evaluate(() =>
    fetch('/api/me/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'ka' }),
    }),
  );
  await page.reload();
  await expect(page.getByRole('switch', { name: 'ბურთის ბოტის შეტყობინებები Telegram-ში' })).toBeVisible();
  await shoot(page, 'telegram-settings-ka');
});
