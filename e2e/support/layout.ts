import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Everything wrong with the layout of what is on screen now, as sentences (empty when all is well):
 * - the page scrolls sideways;
 * - a field's placeholder is wider than the field;
 * - text is cut: a line of it lies, in part, outside a box that hides or scrolls its overflow (an ellipsis or a
 *   line clamp is a deliberate cut and passes, except on a control's own label: a tab, a button or a menu item);
 * - text runs out of the block that holds it, or out of the window;
 * - text is covered: the element drawn on top of a point of it is neither the text's own element nor one of its
 *   ancestors (a fixed or sticky bar over scrolled content is how scrolling works, and passes).
 * `root` (a selector) limits the check to part of the page, such as an open dialog.
 */
export async function layoutProblems(page: Page, { root }: { root?: string } = {}): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const found = new Set<string>();
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) {
      found.add(`the page scrolls sideways: ${doc.scrollWidth}px in ${doc.clientWidth}px`);
    }
    const rootElement = rootSelector ? document.querySelector(rootSelector) : document.body;
    if (!rootElement) return [`nothing matches ${rootSelector}`];
    const viewport = { left: 0, right: doc.clientWidth, top: 0, bottom: window.innerHeight };
    const describe = (e: Element) => {
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const label = e.getAttribute('aria-label');
      return `<${e.tagName.toLowerCase()}${label ? ` aria-label="${label}"` : ''}> "${text}"`;
    };
    const styleOf = new Map<Element, CSSStyleDeclaration>();
    const style = (e: Element) => {
      let s = styleOf.get(e);
      if (!s) styleOf.set(e, (s = getComputedStyle(e)));
      return s;
    };
    const layer = (e: Element) => {
      for (let a: Element | null = e; a; a = a.parentElement) {
        const position = style(a).position;
        if (position === 'fixed' || position === 'sticky') return a;
      }
      return null;
    };
    const control = 'button, [role="tab"], [role="menuitem"], [role="option"]';
    const visibleText = (e: Element) => {
      const words: string[] = [];
      const texts = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        const box = text.parentElement?.getBoundingClientRect();
        if (box && box.width > 1 && box.height > 1) words.push(text.textContent ?? '');
      }
      return words.join('').trim();
    };
    const walker = document.createTreeWalker(rootElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template, option, svg, [data-sonner-toaster]')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const own = parent.getBoundingClientRect();
      // Visually hidden text (sr-only) is one pixel by design.
      if (own.width <= 1 || own.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
      if (lines.length === 0) continue;

      // The block that holds the text, and every ancestor that hides or scrolls what spills out of it.
      let block: Element | null = parent;
      while (block && ['inline', 'contents'].includes(style(block).display) && block.parentElement) {
        block = block.parentElement;
      }
      const blockBox = block.getBoundingClientRect();
      const clips: {
        element: Element;
        box: { left: number; right: number; top: number; bottom: number };
        x: boolean;
        y: boolean;
      }[] = [];
      for (let a: Element | null = parent; a && a !== document.documentElement; a = a.parentElement) {
        const s = style(a);
        const x = s.overflowX !== 'visible';
        const y = s.overflowY === 'hidden' || s.overflowY === 'clip';
        if (x || y) {
          const r = a.getBoundingClientRect();
          const left = r.left + a.clientLeft;
          const top = r.top + a.clientTop;
          clips.push({
            element: a,
            box: { left, right: left + a.clientWidth, top, bottom: top + a.clientHeight },
            x,
            y,
          });
        }
        if (s.position === 'fixed') break;
      }

      for (const whole of lines) {
        // What of the line shows: an ancestor that clips it shows only its part inside.
        const line = {
          left: whole.left,
          right: whole.right,
          top: whole.top,
          bottom: whole.bottom,
          height: whole.height,
        };
        for (const clip of clips) {
          const cutX = clip.x && (line.left < clip.box.left - 1 || line.right > clip.box.right + 1);
          const cutY = clip.y && (line.top < clip.box.top - 2 || line.bottom > clip.box.bottom + 2);
          if (clip.x) {
            line.left = Math.max(line.left, clip.box.left);
            line.right = Math.min(line.right, clip.box.right);
          }
          if (!cutX && !cutY) continue;
          const s = style(clip.element);
          const deliberate = s.textOverflow === 'ellipsis' || (s.webkitLineClamp && s.webkitLineClamp !== 'none');
          // An ellipsis is a deliberate cut of a fan's words (a nickname, an excerpt), but not of a control's own
          // label: a tab, a button or a menu item whose whole visible text is this one (beside it there may be
          // words for screen readers only, such as the admin menu's "Menu: ").
          const owner = parent.closest(control);
          const label = owner && (owner === clip.element || visibleText(owner) === node.textContent.trim());
          if (deliberate && !label) continue;
          // A vertical cut of a line wholly outside is the content under a panel's fold (a scrolled list).
          if (!cutX && (whole.bottom <= clip.box.top || whole.top >= clip.box.bottom)) continue;
          const how = clip.element === parent ? '' : ` by ${describe(clip.element).slice(0, 60)}`;
          found.add(`${describe(parent)} is cut${how}${deliberate ? ' (an ellipsis on a control)' : ''}`);
        }
        if (line.right - line.left < 1) continue;
        // Spaces kept at the end of a line (white-space: pre-wrap) hang past the box without showing.
        const hang = /pre-wrap|break-spaces/.test(style(parent).whiteSpace) ? 8 : 1;
        const spills = line.left < blockBox.left - 1 || line.right > blockBox.right + hang;
        if (spills && style(block).overflowX === 'visible') {
          found.add(`${describe(parent)} runs out of its box ${describe(block).slice(0, 60)}`);
        }
        const fixedLayer = layer(parent);
        if (!fixedLayer || style(fixedLayer).position !== 'sticky') {
          if (line.left < viewport.left - 1 || line.right > viewport.right + 1) {
            found.add(
              `${describe(parent)} runs out of the window (${Math.round(line.left)}–${Math.round(line.right)}px)`,
            );
          }
        }
        // Covered: sample the line where it shows in the window.
        const y = line.top + line.height / 2;
        if (y < 1 || y > viewport.bottom - 1) continue;
        for (const x of [(line.left + line.right) / 2, line.left + 2, line.right - 2]) {
          if (x < 1 || x > viewport.right - 1) continue;
          const hit = document.elementFromPoint(x, y);
          if (!hit || hit === parent || parent.contains(hit) || hit.contains(parent)) continue;
          const hitLayer = layer(hit);
          // Scrolled content under a fixed or sticky bar, or a bar's content over the page.
          if (hitLayer && hitLayer !== fixedLayer && !hitLayer.contains(parent)) continue;
          // What a clipping ancestor already reported.
          if (clips.some((c) => x < c.box.left || x > c.box.right || y < c.box.top || y > c.box.bottom)) continue;
          found.add(`${describe(parent)} is covered by ${describe(hit).slice(0, 60)}`);
          break;
        }
      }
    }

    // A placeholder wider than its field: the browser cuts it without an ellipsis, and no text node holds it.
    const measure = document.createElement('canvas').getContext('2d')!;
    const fields = rootElement.querySelectorAll<HTMLInputElement>('input[placeholder]');
    for (const field of Array.from(fields)) {
      if (field.value !== '' || !field.placeholder.trim()) continue;
      if (!field.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = style(field);
      const room = field.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
      if (room <= 1) continue;
      const placeholder = getComputedStyle(field, '::placeholder');
      measure.font = `${placeholder.fontStyle} ${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
      const width = measure.measureText(field.placeholder).width;
      if (width > room + 1) {
        found.add(
          `<input placeholder="${field.placeholder.slice(0, 50)}"> placeholder is cut: ${Math.round(width)}px of text in ${Math.round(room)}px`,
        );
      }
    }
    return [...found];
  }, root ?? null);
}

/** Waits for the screen to be drawn: no skeleton or busy region, fonts loaded, finite animations finished. */
export async function settle(page: Page, { timeout = 10_000 }: { timeout?: number } = {}): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"], .skeleton, [data-slot="skeleton"]')).toHaveCount(0, { timeout });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
  });
}
