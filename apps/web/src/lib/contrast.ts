/** WCAG 2 contrast arithmetic for #rgb / #rrggbb colours, and a way to nudge a colour until it is readable. */

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two colours (1 to 21), or NaN when one is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return Number.NaN;
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour itself when it reaches `min` against every background, else the same hue mixed toward white (on
 * dark backgrounds) or black (on light ones) just far enough to reach it.
 */
export function ensureContrast(color: string, backgrounds: string[], min = 4.5): string {
  const rgb = parseHex(color);
  const surfaces = backgrounds.filter((bg) => parseHex(bg));
  if (!rgb || surfaces.length === 0) return color;
  const worst = (candidate: string) => Math.min(...surfaces.map((bg) => contrastRatio(candidate, bg)));
  if (worst(color) >= min) return color;
  const darkBackground = Math.max(...surfaces.map((bg) => luminance(parseHex(bg)!))) < 0.18;
  const target: Rgb = darkBackground ? [255, 255, 255] : [0, 0, 0];
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    const mixed = toHex(rgb.map((c, i) => c + (target[i]! - c) * t) as Rgb);
    if (worst(mixed) >= min) return mixed;
  }
  return toHex(target);
}

/** Of two text colours, the one that reads better on `background`. */
export function betterOn(background: string, a: string, b: string): string {
  return contrastRatio(a, background) >= contrastRatio(b, background) ? a : b;
}
