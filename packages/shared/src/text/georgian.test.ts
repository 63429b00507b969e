import { describe, expect, it } from 'vitest';
import { clubName, localName } from '../local-name.js';
import { ergative, genitive } from './georgian.js';

describe('Georgian case endings on names', () => {
  it.each([
    ['დინამო თბილისი', 'დინამო თბილისის'],
    ['ბარსელონა', 'ბარსელონას'],
    ['ლივერპული', 'ლივერპულის'],
    ['დინამო', 'დინამოს'],
    ['იბერია 1999', 'იბერია 1999-ის'],
    ['Dinamo Tbilisi', 'Dinamo Tbilisi-ის'],
  ])('the genitive of %s is %s', (name, expected) => {
    expect(genitive(name)).toBe(expected);
  });

  it('keeps the ergative of nicknames', () => {
    expect(ergative('zura')).toBe('zura-მ');
    expect(ergative('nika_10')).toBe('nika_10-მა');
  });
});

describe('clubName', () => {
  const club = { name: 'Barcelona', nameKa: 'ბარსელონა' };
  it('names the club in the reader’s language', () => {
    expect(clubName(club, 'ka')).toBe('ბარსელონა');
    expect(clubName(club, 'en')).toBe('Barcelona');
  });
  it('falls back to the English name when there is no Georgian one', () => {
    expect(clubName({ name: 'Somewhere FC', nameKa: '' }, 'ka')).toBe('Somewhere FC');
  });
});

describe('localName', () => {
  it('names a team, a competition or an audit log’s target the way it names a club', () => {
    expect(localName({ name: 'Erovnuli Liga', nameKa: 'ეროვნული ლიგა' }, 'ka')).toBe('ეროვნული ლიგა');
    expect(localName({ name: 'Erovnuli Liga', nameKa: 'ეროვნული ლიგა' }, 'en')).toBe('Erovnuli Liga');
    expect(localName({ name: 'Torpedo Kutaisi', nameKa: null }, 'ka')).toBe('Torpedo Kutaisi');
  });
});
