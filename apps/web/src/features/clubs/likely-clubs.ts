import type { Club } from '@burti/shared';

/** Countries of the catalogue by the region or language of a language tag ("en-GB", "de", "pt-PT"). */
const BY_REGION: Record<string, string> = {
  GE: 'Georgia',
  GB: 'England',
  ES: 'Spain',
  DE: 'Germany',
  AT: 'Germany',
  IT: 'Italy',
  FR: 'France',
  NL: 'Netherlands',
  PT: 'Portugal',
};
const BY_LANGUAGE: Record<string, string> = {
  ka: 'Georgia',
  es: 'Spain',
  de: 'Germany',
  it: 'Italy',
  fr: 'France',
  nl: 'Netherlands',
  pt: 'Portugal',
};

export type Signals = {
  /** The language on screen. */
  language: string;
  /** The browser's preferred languages, first first. */
  preferred?: readonly string[];
  /** The device's IANA time zone. */
  timeZone?: string;
};

export function deviceSignals(language: string): Signals {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const preferred = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])];
  return { language, preferred, timeZone };
}

/**
 * The country whose clubs a new fan most likely supports, listed first when choosing a club:
 * 1. Georgia when the app speaks Georgian, when any preferred language is Georgian (ka, ka-GE), or when the
 *    device's clock is set to Tbilisi (Asia/Tbilisi): most fans here are Georgian, whatever language they read.
 * 2. Else the country of the first preferred language with a region the catalogue has (en-GB → England,
 *    pt-PT → Portugal), or of a language that is one country's (de → Germany, es → Spain).
 * 3. Else none: the catalogue in its order by name.
 */
export function likelyCountry({ language, preferred = [], timeZone }: Signals): string | null {
  const tags = preferred.map((tag) => tag.trim()).filter(Boolean);
  if (language === 'ka' || timeZone === 'Asia/Tbilisi' || tags.some((tag) => /^ka(-|$)/i.test(tag))) return 'Georgia';
  if (timeZone === 'Europe/London') return 'England';
  for (const tag of tags) {
    const [lang = '', region = ''] = tag.split(/[-_]/);
    const country = BY_REGION[region.toUpperCase()] ?? BY_LANGUAGE[lang.toLowerCase()];
    if (country) return country;
  }
  return null;
}

/** A league's place within its country: a second division ("Erovnuli Liga 2") after the first. */
const division = (league: string) => (/\s2$/.test(league) ? 1 : 0);

/**
 * The catalogue with the likely country's clubs first (its top division, then the second, each in the order
 * given), then every other club in the order given.
 */
export function likelyFirst<T extends Pick<Club, 'country' | 'league'>>(
  clubs: readonly T[],
  country: string | null,
): T[] {
  if (!country) return [...clubs];
  const rank = (club: T) => (club.country === country ? division(club.league) : 2);
  return clubs
    .map((club, index) => ({ club, index, rank: rank(club) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ club }) => club);
}
