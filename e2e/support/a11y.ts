import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Serious or critical accessibility violations on the page once its animations have settled, one line each. */
export async function accessibilityProblems(page: Page, options: { root?: string } = {}): Promise<string[]> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  const axe = new AxeBuilder({ page });
  if (options.root) axe.include(options.root);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** No serious or critical accessibility violation on the page. */
export async function expectAccessible(page: Page) {
  expect(await accessibilityProblems(page)).toEqual([]);
}
