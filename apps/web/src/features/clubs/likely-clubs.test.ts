import { describe, expect, it } from 'vitest';
import { likelyCountry, likelyFirst } from './likely-clubs';

describe('likelyCountry', () => {
  it.each([
    [{ language: 'ka' }, 'Georgia'],
    [{ language: 'en', preferred: ['en-US', 'ka-GE'] }, 'Georgia'],
    [{ language: 'en', preferred: ['en-US'], timeZone: 'Asia/Tbilisi' }, 'Georgia'],
    [{ language: 'en', preferred: ['en-GB'] }, 'England'],
    [{ language: 'en', preferred: ['de'] }, 'Germany'],
    [{ language: 'en', preferred: ['pt-PT', 'en'] }, 'Portugal'],
    [{ language: 'en', preferred: ['en-US'], timeZone: 'America/New_York' }, null],
  ])('%o → %s', (signals, country) => {
    expect(likelyCountry(signals)).toBe(country);
  });
});

describe('likelyFirst', () => {
  const clubs = [
    { name: 'Arsenal', country: 'England', league: 'Premier League' },
    { name: 'Dinamo-2 Tbilisi', country: 'Georgia', league: 'Erovnuli Liga 2' },
    { name: 'Dinamo Tbilisi', country: 'Georgia', league: 'Erovnuli Liga' },
    { name: 'Gagra', country: 'Georgia', league: 'Erovnuli Liga' },
  ];
  it('puts the country’s top division first, then its second, then the rest in order', () => {
    expect(likelyFirst(clubs, 'Georgia').map((c) => c.name)).toEqual([
      'Dinamo Tbilisi',
      'Gagra',
      'Dinamo-2 Tbilisi',
      'Arsenal',
    ]);
    expect(likelyFirst(clubs, null).map((c) => c.name)).toEqual(clubs.map((c) => c.name));
  });
});
