// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearReturnTo, peekReturnTo, rememberReturnTo, safeReturnPath } from './return-to';

afterEach(() => clearReturnTo());

describe('return-to after sign-in', () => {
  it.each([
    ['/post/3f1c2a', '/post/3f1c2a'],
    ['/u/abc?tab=posts', '/u/abc?tab=posts'],
    ['//evil.example/post/1', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['/auth', null],
    ['/', null],
    [42, null],
  ])('accepts %s as %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it('keeps only same-origin paths', () => {
    rememberReturnTo('/post/1');
    expect(peekReturnTo()).toBe('/post/1');
    rememberReturnTo('//evil.example');
    expect(peekReturnTo()).toBe('/post/1');
    localStorage.setItem('burti.returnTo', 'https://evil.example');
    expect(peekReturnTo()).toBeNull();
  });
});
