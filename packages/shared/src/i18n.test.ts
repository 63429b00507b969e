import { describe, expect, it } from 'vitest';
import { languageOf, pickLanguage } from './i18n.js';

describe('pickLanguage', () => {
  it.each([
    ['ka-GE,ka;q=0.9,en;q=0.8', 'ka'],
    ['en-US,en;q=0.9,ka;q=0.8', 'en'],
    ['ru-RU,ru;q=0.9,ka;q=0.5', 'ka'],
    ['fr, en;q=0.1, ka;q=0.4', 'ka'],
    ['de', 'en'],
    ['ka;q=0, en', 'en'],
    ['', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it('falls back to what it is told', () => {
    expect(pickLanguage(undefined, 'ka')).toBe('ka');
    expect(pickLanguage('ru', 'ka')).toBe('ka');
  });
});

describe('languageOf', () => {
  it('reads Telegram and browser language codes', () => {
    expect(languageOf('ka')).toBe('ka');
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('ru')).toBeNull();
    expect(languageOf(undefined)).toBeNull();
  });
});
