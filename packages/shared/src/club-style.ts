/** Visual identity helpers for clubs: badge colour schemes, initials and the countries we draw flags for. */

/** CSS hex colours (#rrggbb). `foreground` always reaches WCAG AA (4.5:1) against `background`. */
export type BadgeScheme = { background: string; foreground: string; border: string };

export const defaultBadgeScheme: BadgeScheme = {
  background: '#1F2937',
  foreground: '#FFFFFF',
  border: '#4B5563',
};

/** Keyed by the exact club name used in the seed catalogue (apps/server/src/db/seed/clubs.ts). */
export const clubBadgeSchemes: Readonly<Record<string, BadgeScheme>> = Object.freeze({
  Arsenal: { background: '#DB0007', foreground: '#FFFFFF', border: '#9C824A' },
  Chelsea: { background: '#034694', foreground: '#FFFFFF', border: '#DBA111' },
  Liverpool: { background: '#C8102E', foreground: '#FFFFFF', border: '#00B2A9' },
  'Manchester United': { background: '#DA291C', foreground: '#FFFFFF', border: '#FBE122' },
  'Manchester City': { background: '#6CABDD', foreground: '#1C2C5B', border: '#1C2C5B' },
  'Tottenham Hotspur': { background: '#FFFFFF', foreground: '#132257', border: '#132257' },
  'Real Madrid': { background: '#FFFFFF', foreground: '#00529F', border: '#FEBE10' },
  Barcelona: { background: '#A50044', foreground: '#FFFFFF', border: '#004D98' },
  'Atlético Madrid': { background: '#CB3524', foreground: '#FFFFFF', border: '#272E61' },
  'Bayern Munich': { background: '#DC052D', foreground: '#FFFFFF', border: '#0066B2' },
  'Borussia Dortmund': { background: '#FDE100', foreground: '#000000', border: '#000000' },
  Juventus: { background: '#000000', foreground: '#FFFFFF', border: '#BFA46F' },
  'AC Milan': { background: '#CE0E2D', foreground: '#FFFFFF', border: '#000000' },
  'Inter Milan': { background: '#010E80', foreground: '#FFFFFF', border: '#000000' },
  'Paris Saint-Germain': { background: '#004170', foreground: '#FFFFFF', border: '#DA291C' },
  'Dinamo Tbilisi': { background: '#0B4EA2', foreground: '#FFFFFF', border: '#062B5F' },
  'Dinamo Batumi': { background: '#FFFFFF', foreground: '#0050A0', border: '#0050A0' },
} satisfies Record<string, BadgeScheme>);

/** Exact-name lookup; unknown clubs get the neutral default scheme. */
export function badgeSchemeFor(clubName: string): BadgeScheme {
  const scheme = Object.hasOwn(clubBadgeSchemes, clubName) ? clubBadgeSchemes[clubName] : undefined;
  return scheme ?? defaultBadgeScheme;
}

/** Club-name prefixes/suffixes that say nothing about the club ("FC Twente" -> "TWE"). */
const GENERIC_TOKENS = new Set(['FC', 'SC', 'CF', 'AFC', 'CD', 'SD', 'UD']);
/** Georgian letters have no case for our purposes; String#toUpperCase would turn them into Mtavruli. */
const GEORGIAN = /[\u10A0-\u10FF\u1C90-\u1CBF\u2D00-\u2D2F]/u;

function upper(text: string): string {
  return Array.from(text, (ch) => (GEORGIAN.test(ch) ? ch : ch.toUpperCase())).join('');
}

/** "VfB", "PSV", "AC": 2–4 letters, starting upper-case, with at least two capitals. */
function isAcronym(letters: string): boolean {
  if (letters.length < 2 || letters.length > 4) return false;
  const capitals = Array.from(letters).filter((ch) => ch !== ch.toLowerCase()).length;
  return capitals >= 2 && startsUpper(letters);
}

function startsUpper(letters: string): boolean {
  const ch = Array.from(letters)[0] ?? '';
  return ch !== ch.toLowerCase();
}

/**
 * 1–3 letters for a badge: "Dinamo Tbilisi" -> "DT", "Arsenal" -> "ARS", "Paris Saint-Germain" -> "PSG",
 * "AC Milan" -> "ACM", "VfB Stuttgart" -> "VFB". Falls back to "?" when the name has no letters.
 */
export function clubInitials(clubName: string): string {
  const words = clubName
    .split(/[\s\-–—/]+/u)
    .map((token) => token.replace(/[^\p{L}]/gu, ''))
    .filter((letters) => letters.length > 0);
  // Drop generic tokens ("FC") and lower-case connector words ("de", "da", "of"); keep caseless scripts.
  const meaningful = words.filter(
    (letters) => !GENERIC_TOKENS.has(letters) && (isCaseless(letters) || startsUpper(letters)),
  );
  const used = meaningful.length > 0 ? meaningful : words;
  const [first] = used;
  if (first === undefined) return '?';
  if (used.length === 1) return upper(Array.from(first).slice(0, 3).join(''));
  const initials = used.map((letters) => (isAcronym(letters) ? letters : (Array.from(letters)[0] ?? ''))).join('');
  return upper(Array.from(initials).slice(0, 3).join(''));
}

/** Scripts without letter case (e.g. Georgian Mkhedruli) must not be dropped as "lower-case connector words". */
function isCaseless(letters: string): boolean {
  const ch = Array.from(letters)[0] ?? '';
  return GEORGIAN.test(ch) || ch.toLowerCase() === ch.toUpperCase();
}

/** Countries the web app draws a flag for (see CountryFlag); anything else gets a neutral ball icon. */
export const flaggedCountries: readonly string[] = Object.freeze([
  'England',
  'Spain',
  'Germany',
  'Italy',
  'France',
  'Georgia',
  'Netherlands',
  'Portugal',
  'Scotland',
]);
