import { describe, expect, it } from 'vitest';
import { cleanNickname, nicknameProblem } from './nickname.js';

describe('nicknames', () => {
  it('accepts Georgian letters, digits, underscore and dot', () => {
    expect(nicknameProblem('ნიკა_10')).toBeNull();
    expect(nicknameProblem('zura.k')).toBeNull();
  });

  it('refuses short, long and punctuated nicknames', () => {
    expect(nicknameProblem('ab')).toMatch(/at least 3/);
    expect(nicknameProblem('a'.repeat(31))).toMatch(/at most 30/);
    expect(nicknameProblem('bad name!')).toMatch(/letters, digits/);
  });

  it('cleans an email local part into a valid nickname', () => {
    expect(cleanNickname('giorgi+test')).toBe('giorgitest');
    expect(cleanNickname('a')).toBe('afan');
    expect(cleanNickname('...')).toBe('fan');
    expect(nicknameProblem(cleanNickname('Nika Kvara'))).toBeNull();
    expect(nicknameProblem(cleanNickname('x'.repeat(80)))).toBeNull();
  });
});
