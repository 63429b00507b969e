import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';
import { setLanguage } from './i18n';

afterAll(async () => setLanguage('en'));

describe('a browser without Georgian Intl data (Debian Chromium)', () => {
  it('still writes Georgian numbers and dates', async () => {
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    await setLanguage('ka');
    const date = new Date(2026, 10, 23, 14, 5);
    expect(formatNumber(1234567.5)).toBe('1\u00a0234\u00a0567,5');
    expect(formatDate(date)).toBe('23 ნოე. 2026');
    expect(formatDate(date, { withYear: false })).toBe('23 ნოე.');
    expect(formatDateTime(date)).toBe('23 ნოე. 2026, 14:05');
  });
});
