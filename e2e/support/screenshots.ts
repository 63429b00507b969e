import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Where the screen specs (not part of the suite) write their pictures for a person to look at. */
export const screenshotsDir = join(process.cwd(), 'screenshots');

/**
 * Pictures the page as it settles, at phone and desktop widths (or the given ones), as `{name}-{width}.png`. The
 * page is left at the last width.
 */
export async function shoot(
  page: Page,
  name: string,
  { fullPage = false, widths = [390, 1280] }: { fullPage?: boolean; widths?: number[] } = {},
): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  // Pages that keep a connection open (the Telegram shell) never go quiet: wait for it a few seconds at most.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(screenshotsDir, `${name}-${width}.png`), fullPage });
  }
}
