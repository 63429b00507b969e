import { RECENT_SEARCHES_MAX } from '@burti/shared';

const KEY = 'burti_recent_searches';

/** The fan's last searches, newest first, kept on this device only. */
export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(searches: string[]): string[] {
  try {
    localStorage.setItem(KEY, JSON.stringify(searches));
  } catch {
    // Storage can be unavailable (private mode); the list then lasts as long as the screen.
  }
  return searches;
}

/** Puts a search on top (once, whatever its case) and keeps the newest RECENT_SEARCHES_MAX. */
export function addRecentSearch(search: string): string[] {
  const text = search.trim();
  if (!text) return readRecentSearches();
  const rest = readRecentSearches().filter((item) => item.toLocaleLowerCase() !== text.toLocaleLowerCase());
  return write([text, ...rest].slice(0, RECENT_SEARCHES_MAX));
}

export function removeRecentSearch(search: string): string[] {
  return write(readRecentSearches().filter((item) => item !== search));
}

export function clearRecentSearches(): string[] {
  return write([]);
}
