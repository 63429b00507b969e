import { RECENT_SEARCHES_MAX } from '@burti/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { addRecentSearch, clearRecentSearches, readRecentSearches, removeRecentSearch } from './recent-searches';

describe('recent searches', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the newest first, once whatever the case, and at most the limit', () => {
    addRecentSearch('dinamo');
    addRecentSearch('  torpedo ');
    addRecentSearch('DINAMO');
    expect(readRecentSearches()).toEqual(['DINAMO', 'torpedo']);
    for (let i = 0; i < RECENT_SEARCHES_MAX + 3; i++) addRecentSearch(`search ${i}`);
    expect(readRecentSearches()).toHaveLength(RECENT_SEARCHES_MAX);
    expect(readRecentSearches()[0]).toBe(`search ${RECENT_SEARCHES_MAX + 2}`);
  });

  it('ignores empty searches, removes one or all, and survives a damaged entry', () => {
    addRecentSearch('   ');
    expect(readRecentSearches()).toEqual([]);
    addRecentSearch('დინამო');
    addRecentSearch('#DinTor');
    expect(removeRecentSearch('დინამო')).toEqual(['#DinTor']);
    expect(clearRecentSearches()).toEqual([]);
    localStorage.setItem('burti_recent_searches', '{not json');
    expect(readRecentSearches()).toEqual([]);
  });
});
