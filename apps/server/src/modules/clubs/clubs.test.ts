import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { clubAliases } from '../../db/seed/club-aliases.js';
import { seedClubs } from '../../db/seed/clubs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Found = { name: string; country: string; league: string };
async function search(q: string): Promise<Found[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/clubs?q=${encodeURIComponent(q)}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ clubs: Found[] }>().clubs;
}

describe('club search as fans type it', () => {
  it.each([
    ['დინამო', 'Dinamo Tbilisi'],
    ['dinamo', 'Dinamo Tbilisi'],
    ['DINAMO', 'Dinamo Tbilisi'],
    ['koln', '1. FC Köln'],
    ['köln', '1. FC Köln'],
    ['KÖLN', '1. FC Köln'],
    ['alaves', 'Alavés'],
    ['barca', 'Barcelona'],
    ['Barça', 'Barcelona'],
    ['man utd', 'Manchester United'],
    ['Man City', 'Manchester City'],
    ['spurs', 'Tottenham Hotspur'],
    ['psg', 'Paris Saint-Germain'],
    ['inter', 'Inter Milan'],
    ['juve', 'Juventus'],
    ['bayern', 'Bayern Munich'],
    ['real', 'Real Madrid'],
    ['atleti', 'Atlético Madrid'],
    ['atletico', 'Atlético Madrid'],
    ['torpedo', 'Torpedo Kutaisi'],
    ['ტორპედო', 'Torpedo Kutaisi'],
    ['ტორპ', 'Torpedo Kutaisi'],
    ['dinamo batumi', 'Dinamo Batumi'],
    ['დინამო ბათუმი', 'Dinamo Batumi'],
    ['batumi', 'Dinamo Batumi'],
    ['tskaltubo', 'Samgurali Tskaltubo'],
    ['წყალტუბო', 'Samgurali Tskaltubo'],
    ['ბარსელონა', 'Barcelona'],
    ['ქუთაისი', 'Torpedo Kutaisi'],
    ['kutaisi', 'Torpedo Kutaisi'],
  ])('"%s" finds %s first', async (q, expected) => {
    const found = await search(q);
    expect(found[0]?.name).toBe(expected);
  });

  it('finds the other Dinamo sides after the one fans mean', async () => {
    const names = (await search('dinamo')).map((club) => club.name);
    expect(names).toEqual(['Dinamo Tbilisi', 'Dinamo-2 Tbilisi', 'Dinamo Batumi']);
  });

  it('ranks exact and prefix matches before matches inside a name', async () => {
    // "Real" is Real Madrid's short name; the other clubs starting with Real follow, by name.
    const names = (await search('real')).map((club) => club.name);
    expect(names.slice(0, 4)).toEqual(['Real Madrid', 'Real Betis', 'Real Oviedo', 'Real Sociedad']);
    // "united": Manchester United by its alias first, then clubs with a word starting "United", by name.
    const united = (await search('united')).map((club) => club.name);
    expect(united[0]).toBe('Manchester United');
    expect(united).toEqual(
      expect.arrayContaining(['Leeds United', 'Newcastle United', 'West Ham United', 'Dundee United']),
    );
  });

  it('still finds clubs by country and league, after clubs named so', async () => {
    const georgia = await search('საქართველო');
    expect(georgia).toEqual([]);
    const league = await search('erovnuli liga 2');
    expect(league).toHaveLength(10);
    expect(league.every((club) => club.league === 'Erovnuli Liga 2')).toBe(true);
  });

  it('finds nothing for text that cannot be a name, and never fails on it', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search("'; drop table clubs; --")).toEqual([]);
    expect(await search('arsenal tbilisi')).toEqual([]);
  });
});

describe('club catalogue aliases', () => {
  it('names only clubs of the catalogue', () => {
    const names = new Set(seedClubs.map((club) => club.name));
    for (const name of Object.keys(clubAliases)) expect(names, name).toContain(name);
  });

  it('gives every Georgian club its Georgian name', () => {
    for (const club of seedClubs.filter((c) => c.country === 'Georgia')) {
      expect(
        clubAliases[club.name]?.some((alias) => /\p{Script=Georgian}/u.test(alias)),
        club.name,
      ).toBe(true);
    }
  });
});
