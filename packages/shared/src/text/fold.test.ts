import { describe, expect, it } from 'vitest';
import { compareNames, foldText, searchKey, sortKey, transliterateGeorgian } from './fold.js';

describe('transliterateGeorgian', () => {
  it.each([
    ['დინამო თბილისი', 'dinamo tbilisi'],
    ['ტორპედო ქუთაისი', 'torpedo kutaisi'],
    ['წყალტუბო', 'tsqaltubo'],
    ['ჟოჟოლა ღვინო შუქი ჩიტი ძმა ხე ჯიში ჰაერი', 'zhozhola ghvino shuki chiti dzma khe jishi haeri'],
    ['Dinamo 1999', 'Dinamo 1999'],
  ])('%s → %s', (input, expected) => {
    expect(transliterateGeorgian(input)).toBe(expected);
  });

  it('reads Mtavruli capitals as their Mkhedruli letters', () => {
    expect(transliterateGeorgian('ᲓᲘᲜᲐᲛᲝ')).toBe('dinamo');
  });
});

describe('foldText', () => {
  it.each([
    ['1. FC Köln', '1 fc koln'],
    ['Deportivo Alavés', 'deportivo alaves'],
    ['Barça', 'barca'],
    ['DINAMO', 'dinamo'],
    ['დინამო', 'dinamo'],
    ['Brighton & Hove Albion', 'brighton hove albion'],
    ['Borussia Mönchengladbach', 'borussia monchengladbach'],
    ['Paris Saint-Germain', 'paris saint germain'],
    ['Straße', 'strasse'],
    ['  Atlético   Madrid ', 'atletico madrid'],
  ])('%s → %s', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });
});

describe('searchKey', () => {
  it('brings the romanisations fans mix up together', () => {
    expect(searchKey('Samgurali Tskaltubo')).toBe(searchKey('სამგურალი წყალტუბო'));
    expect(searchKey('Kolkheti Poti')).toBe(searchKey('კოლხეთი ფოთი'));
    expect(searchKey('Meshakhte Tkibuli')).toBe(searchKey('მეშახტე ტყიბული'));
    expect(searchKey('ტორპედო')).toBe(searchKey('TORPEDO'));
    expect(searchKey('köln')).toBe(searchKey('Koln'));
  });

  it('keeps different names apart', () => {
    expect(searchKey('Dinamo Tbilisi')).not.toBe(searchKey('Dinamo Batumi'));
    expect(searchKey('Inter')).not.toBe(searchKey('Iberia'));
  });
});

describe('sortKey and compareNames', () => {
  it('orders names ignoring case and accents', () => {
    const names = ['AZ Alkmaar', 'AVS', 'Aberdeen', 'Alavés', 'alaves b', 'Ajax', 'Émile', 'Zulte'];
    expect([...names].sort(compareNames)).toEqual([
      'Aberdeen',
      'Ajax',
      'Alavés',
      'alaves b',
      'AVS',
      'AZ Alkmaar',
      'Émile',
      'Zulte',
    ]);
  });

  it('sorts Georgian names by their letters, not by code point quirks', () => {
    expect(sortKey('ᲓᲘᲜᲐᲛᲝ')).toBe(sortKey('დინამო'));
    expect(compareNames('Dinamo', 'dinamo')).not.toBe(0);
    expect(compareNames('dinamo', 'Dinamo') * compareNames('Dinamo', 'dinamo')).toBe(-1);
  });
});
