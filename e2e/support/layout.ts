import { expect, type Locator } from '@playwright/test';

/**
 * Fails when any text inside `root` is cut or runs out of it: an element whose content is wider than its box
 * while it hides or scrolls the rest (truncation, a scrolling tab bar), or an element that reaches past the
 * root's edges or the window's. `overlap` names elements (by selector, inside root) that must not overlap each
 * other, such as the items of a bar.
 */
export async function expectNothingCut(root: Locator, { overlap }: { overlap?: string } = {}): Promise<void> {
  await expect(root.first()).toBeVisible();
  const problems = await root.first().evaluate((element, overlapSelector) => {
    const found: string[] = [];
    const name = (e: Element) => `<${e.tagName.toLowerCase()}> "${(e.textContent ?? '').trim().slice(0, 40)}"`;
    const outer = element.getBoundingClientRect();
    const within = { left: Math.max(outer.left, 0), right: Math.min(outer.right, window.innerWidth) };
    const all: Element[] = [element, ...Array.from(element.querySelectorAll('*'))];
    for (const e of all) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = e.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Visually hidden text (sr-only) is one pixel wide by design.
      if (box.width <= 1 && box.height <= 1) continue;
      const hasText = Array.from(e.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '',
      );
      if (hasText && style.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1) {
        found.push(`${name(e)} is cut: ${e.scrollWidth}px of text in ${e.clientWidth}px`);
      }
      if (e.scrollWidth > e.clientWidth + 1 && (style.overflowX === 'auto' || style.overflowX === 'scroll')) {
        found.push(`${name(e)} scrolls sideways: ${e.scrollWidth}px in ${e.clientWidth}px`);
      }
      if (box.left < within.left - 1 || box.right > within.right + 1) {
        found.push(`${name(e)} runs out of its container: ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    if (overlapSelector) {
      const items = Array.from(element.querySelectorAll(overlapSelector)).map((e) => ({
        e,
        box: e.getBoundingClientRect(),
      }));
      for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          const a = items[i]!.box;
          const b = items[j]!.box;
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 1 && y > 1) found.push(`${name(items[i]!.e)} overlaps ${name(items[j]!.e)}`);
        }
      }
    }
    return found;
  }, overlap ?? null);
  expect(problems, 'text cut, overflowing or overlapping').toEqual([]);
}
