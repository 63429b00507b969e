import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';
import { setLanguage } from './i18n';

afterAll(async () => setLanguage('en'));

describe('numbers and dates through Intl', () => {
  const date = new Date(2026, 10, 23, 14, 5);

  it('in English', async () => {
    await setLanguage('en');
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatDate(date)).toBe('Nov 23, 2026');
    expect(formatDate(date, { withYear: false })).toBe('Nov 23');
  });

  it('in Georgian', async () => {
    await setLanguage('ka');
    expect(formatNumber(12345)).toBe('12\u00a0345');
    expect(formatDate(date)).toBe('23 ნოე. 2026');
    expect(formatDateTime(date)).toMatch(/^23 ნოე\. 2026, 14:05$/);
  });
});
