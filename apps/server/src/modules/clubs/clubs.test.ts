import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { clubAliases } from '../../db/seed/club-aliases.js';
import { clubNamesKa, countryNamesKa, leagueNamesKa } from '../../db/seed/club-names-ka.js';
import { seedClubs } from '../../db/seed/clubs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Found = { id: number; name: string; nameKa: string; country: string; league: string };
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
    // Georgian names, nicknames and other spellings, in both scripts.
    ['ბარსა', 'Barcelona'],
    ['barsa', 'Barcelona'],
    ['კელნი', '1. FC Köln'],
    ['kelni', '1. FC Köln'],
    ['კიოლნი', '1. FC Köln'],
    ['koeln', '1. FC Köln'],
    ['cologne', '1. FC Köln'],
    ['დინამო თბილისი', 'Dinamo Tbilisi'],
    ['თბილისის დინამო', 'Dinamo Tbilisi'],
    ['ტორპედო ქუთაისი', 'Torpedo Kutaisi'],
    ['ლივერპული', 'Liverpool'],
    ['liverpuli', 'Liverpool'],
    ['მან იუნაიტედი', 'Manchester United'],
    ['შპორები', 'Tottenham Hotspur'],
    ['ბაიერნ მიუნხენი', 'Bayern Munich'],
    ['იუვე', 'Juventus'],
    ['ხეტაფე', 'Getafe'],
    ['პარი სენ-ჟერმენი', 'Paris Saint-Germain'],
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
    // The country and the league in Georgian too.
    const georgia = await search('საქართველო');
    expect(georgia).toHaveLength(20);
    expect(georgia.every((club) => club.country === 'Georgia')).toBe(true);
    const laLiga = await search('ლა ლიგა');
    expect(laLiga).toHaveLength(20);
    expect(laLiga.every((club) => club.league === 'La Liga')).toBe(true);
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

  it.each(['zzzz', 'ზზზზ', 'qqq', 'xkcdq'])('finds no club for the nonsense "%s"', async (q) => {
    expect(await search(q)).toEqual([]);
  });

  it('matches one or two letters only where a name or word starts', async () => {
    const found = await search('ba');
    expect(found.length).toBeGreaterThan(0);
    for (const club of found) {
      const words = [club.name, club.nameKa, ...(clubAliases[club.name] ?? [])].join(' ');
      expect(words, club.name).toMatch(/(^|[\s|.-])(ba|ბა)/iu);
    }
  });
});

describe('club names in Georgian', () => {
  it('answers every club with its Georgian name', async () => {
    // Other tests on a shared database may add clubs of their own: the catalogue's are checked.
    const all = (await search('')).filter((club) => club.name in clubNamesKa);
    expect(all).toHaveLength(seedClubs.length);
    for (const club of all) expect(club.nameKa, club.name).toBe(clubNamesKa[club.name]);
    const dinamo = all.find((club) => club.name === 'Dinamo Tbilisi');
    expect(dinamo?.nameKa).toBe('დინამო თბილისი');
    const [fan] = await t.createFans(1);
    const detail = await fan!.get(`/api/clubs/${dinamo?.id}`);
    expect(detail.json<{ club: Found }>().club.nameKa).toBe('დინამო თბილისი');
  });

  it('has a Georgian name, in Georgian letters, for every club of the catalogue and no other', () => {
    const names = seedClubs.map((club) => club.name);
    expect(Object.keys(clubNamesKa).sort()).toEqual([...names].sort());
    // AVS is written in Latin capitals in Georgian as well.
    for (const name of names.filter((n) => n !== 'AVS'))
      expect(clubNamesKa[name], name).toMatch(/\p{Script=Georgian}/u);
    expect(new Set(Object.values(clubNamesKa)).size).toBe(names.length);
  });

  it('names the countries and leagues as the web app shows them', () => {
    const web = JSON.parse(
      readFileSync(new URL('../../../../web/src/locales/ka/clubs.json', import.meta.url), 'utf8'),
    ) as { country: Record<string, string>; league: Record<string, string> };
    expect(countryNamesKa).toEqual(web.country);
    expect(leagueNamesKa).toEqual(web.league);
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
