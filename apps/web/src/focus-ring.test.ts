// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The focus ring is for the keyboard: a mouse click or a tap on a tab, a button or a link leaves no red box.
 * Rings are written with `focus-visible:` (the browser shows them for keyboard focus only), never with `focus:`,
 * which also matches a click; the skip link is the one `focus:` user, as it appears only when tabbed to.
 */
const src = import.meta.dirname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('focus rings', () => {
  it('are drawn for keyboard focus only: no focus: outline, ring, border or shadow utilities', () => {
    const offenders = files(src).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/(?<![\w-])focus:(outline|ring|border|shadow)[\w-[\]/.]*/g)].map(
        (match) => `${relative(src, path)}: ${match[0]}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('hides the ring of pointer focus even where a browser outlines every :focus, and keeps the keyboard ring', () => {
    const css = readFileSync(join(src, 'styles.css'), 'utf8');
    expect(css).toMatch(/:focus-visible\s*{\s*outline: 2px solid var\(--color-ring\);/);
    expect(css).toMatch(/:focus:not\(:focus-visible\)\s*{\s*outline: none;\s*}/);
    // The tab triggers' own ring is a focus-visible one.
    const ui = readFileSync(join(src, 'components/ui/ui.css'), 'utf8');
    const trigger = /\.ui-tabs-trigger\s*{([^}]*)}/.exec(ui)?.[1] ?? '';
    expect(trigger).toContain('focus-visible:outline-2');
    expect(trigger).not.toMatch(/(?<![\w-])focus:/);
  });
});
