import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast } from './contrast';
import { themeVariables } from './platform/telegram';

/** Telegram's own dark and light themes (Telegram Desktop / iOS defaults). */
const telegramDark = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  section_separator_color: '#111921',
  destructive_text_color: '#ec3942',
};
const telegramLight = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f0f0f0',
  section_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  section_separator_color: '#e7e7e7',
};

describe('contrast', () => {
  it('measures WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#d71920', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#708499', '#232e3c')).toBeLessThan(4.5);
  });

  it('nudges a colour until it reads, and leaves readable ones alone', () => {
    expect(ensureContrast('#16171d', ['#ffffff'])).toBe('#16171d');
    const hint = ensureContrast('#708499', ['#232e3c', '#17212b']);
    expect(contrastRatio(hint, '#232e3c')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(hint, '#17212b')).toBeGreaterThanOrEqual(4.5);
  });
});

describe.each([
  ['dark', telegramDark],
  ['light', telegramLight],
])('the app in Telegram’s %s theme', (_name, theme) => {
  const vars = themeVariables(theme);
  const value = (name: string, fallback: string) => vars[name] ?? fallback;
  const surfaces = [
    value('--color-background', '#f7f7f8'),
    value('--color-card', '#ffffff'),
    value('--color-muted', '#efeff1'),
  ];

  it.each(['--color-foreground', '--color-muted-foreground'])('%s reads at 4.5:1 on every surface', (token) => {
    for (const surface of surfaces)
      expect(contrastRatio(value(token, '#16171d'), surface), surface).toBeGreaterThanOrEqual(4.5);
  });

  it('brand and danger text read on every surface, and their fills carry readable text', () => {
    for (const surface of surfaces) {
      expect(contrastRatio(value('--color-brand', '#d71920'), surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(value('--color-danger', '#c81e1e'), surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(
      contrastRatio(value('--color-brand-foreground', '#ffffff'), value('--color-brand', '#d71920')),
    ).toBeGreaterThanOrEqual(4.5);
    expect(
      contrastRatio(value('--color-danger-foreground', '#ffffff'), value('--color-danger', '#c81e1e')),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
