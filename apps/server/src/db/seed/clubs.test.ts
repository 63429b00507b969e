import { clubBadgeSchemes, clubInitials, flaggedCountries } from '@burti/shared';
import { describe, expect, it } from 'vitest';
import { seedClubs } from './clubs.js';

const countBy = (key: (club: (typeof seedClubs)[number]) => boolean) => seedClubs.filter(key).length;

describe('seed club catalogue', () => {
  it('has at least 150 clubs with unique names', () => {
    const names = seedClubs.map((club) => club.name);
    expect(names.length).toBeGreaterThanOrEqual(150);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name.trim(), name).toBe(name);
  });

  it('only uses the flagged countries', () => {
    for (const club of seedClubs) expect(flaggedCountries, club.name).toContain(club.country);
  });

  it.each([
    ['Georgia', 'Erovnuli Liga', 10],
    ['Georgia', 'Erovnuli Liga 2', 10],
    ['England', 'Premier League', 20],
    ['Spain', 'La Liga', 20],
    ['Germany', 'Bundesliga', 18],
    ['Italy', 'Serie A', 20],
    ['France', 'Ligue 1', 18],
    ['Netherlands', 'Eredivisie', 18],
    ['Portugal', 'Primeira Liga', 18],
    ['Scotland', 'Scottish Premiership', 12],
  ] as const)('%s %s has %i clubs', (country, league, size) => {
    expect(countBy((club) => club.league === league)).toBe(size);
    expect(countBy((club) => club.league === league && club.country === country)).toBe(size);
  });

  it('has no leagues outside the ten above', () => {
    const leagues = new Set(seedClubs.map((club) => club.league));
    expect(leagues.size).toBe(10);
  });

  it('spells the headline clubs the way the app and tests expect', () => {
    const byName = new Map(seedClubs.map((club) => [club.name, club]));
    expect(byName.get('Dinamo Tbilisi')).toEqual({
      name: 'Dinamo Tbilisi',
      country: 'Georgia',
      league: 'Erovnuli Liga',
    });
    expect(byName.get('Dinamo Batumi')?.league).toBe('Erovnuli Liga');
    expect(byName.get('Manchester United')?.league).toBe('Premier League');
    expect(byName.get('Real Madrid')?.country).toBe('Spain');
    expect(byName.get('Bayern Munich')?.league).toBe('Bundesliga');
    expect(byName.get('Inter Milan')?.league).toBe('Serie A');
    expect(byName.get('Paris Saint-Germain')?.league).toBe('Ligue 1');
    expect(byName.get('Ajax')?.league).toBe('Eredivisie');
    expect(byName.get('Benfica')?.league).toBe('Primeira Liga');
    expect(byName.get('Celtic')?.league).toBe('Scottish Premiership');
    expect(seedClubs.filter((club) => club.name.toLowerCase().includes('dinamo')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('seed club catalogue and the shared club styles', () => {
  it('keys every badge scheme by a club name from the seed catalogue', () => {
    const names = new Set(seedClubs.map((club) => club.name));
    for (const key of Object.keys(clubBadgeSchemes)) expect(names, key).toContain(key);
  });

  it('gives every seeded club 1-3 letters', () => {
    for (const { name } of seedClubs) expect(clubInitials(name), name).toMatch(/^\p{L}{1,3}$/u);
  });
});
