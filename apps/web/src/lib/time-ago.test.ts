import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('timeAgo', () => {
  it("reads 'just now' under a minute, and for times slightly in the future", () => {
    expect(timeAgo(ago(0), now)).toBe('just now');
    expect(timeAgo(ago(59_000), now)).toBe('just now');
    expect(timeAgo(ago(-30_000), now)).toBe('just now');
  });

  it('counts minutes, hours and days with the ago suffix', () => {
    expect(timeAgo(ago(MIN), now)).toBe('1m ago');
    expect(timeAgo(ago(5 * MIN + 30_000), now)).toBe('5m ago');
    expect(timeAgo(ago(59 * MIN), now)).toBe('59m ago');
    expect(timeAgo(ago(60 * MIN), now)).toBe('1h ago');
    expect(timeAgo(ago(3 * 60 * MIN), now)).toBe('3h ago');
    expect(timeAgo(ago(24 * 60 * MIN), now)).toBe('1d ago');
    expect(timeAgo(ago(2 * 24 * 60 * MIN + 5 * MIN), now)).toBe('2d ago');
    expect(timeAgo(ago(6 * 24 * 60 * MIN), now)).toBe('6d ago');
  });

  it('accepts the ISO strings the API sends', () => {
    expect(timeAgo(ago(3 * 60 * MIN).toISOString(), now)).toBe('3h ago');
  });

  it('shows the date from a week on, with the year only when it differs', () => {
    expect(timeAgo(new Date('2026-11-03T12:00:00Z'), now)).toBe('Nov 3');
    expect(timeAgo(new Date('2025-06-15T12:00:00Z'), now)).toBe('Jun 15, 2025');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});
