/**
 * Text folding for search and sorting. Pure functions shared by the server (club search keys, sort keys) and
 * the web app, so that a name typed in either script, with or without accents, in any case, compares equal to
 * the stored one.
 */

/**
 * Georgian (Mkhedruli) to Latin, after the national romanisation system of 2002, the spelling Georgian
 * clubs, places and people use in Latin letters (Dinamo Tbilisi, Torpedo Kutaisi, Tskaltubo…).
 */
const GEORGIAN_TO_LATIN: Record<string, string> = {
  ა: 'a',
  ბ: 'b',
  გ: 'g',
  დ: 'd',
  ე: 'e',
  ვ: 'v',
  ზ: 'z',
  თ: 't',
  ი: 'i',
  კ: 'k',
  ლ: 'l',
  მ: 'm',
  ნ: 'n',
  ო: 'o',
  პ: 'p',
  ჟ: 'zh',
  რ: 'r',
  ს: 's',
  ტ: 't',
  უ: 'u',
  ფ: 'p',
  ქ: 'k',
  ღ: 'gh',
  ყ: 'q',
  შ: 'sh',
  ჩ: 'ch',
  ც: 'ts',
  ძ: 'dz',
  წ: 'ts',
  ჭ: 'ch',
  ხ: 'kh',
  ჯ: 'j',
  ჰ: 'h',
  // Letters out of modern use, kept for old names.
  ჱ: 'e',
  ჲ: 'i',
  ჳ: 'u',
  ჴ: 'q',
  ჵ: 'o',
  ჶ: 'f',
  ჷ: 'e',
  ჸ: 'q',
  ჹ: 'k',
  ჺ: 'a',
};

/** Latin letters that do not decompose into a base letter and a mark. */
const LATIN_SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/** Mtavruli (Georgian capitals, U+1C90–U+1CBF) and Asomtavruli (U+10A0–U+10C5) map onto Mkhedruli. */
function toMkhedruli(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x1c90 && code <= 0x1cbf) return String.fromCodePoint(code - 0x1c90 + 0x10d0);
  if (code >= 0x10a0 && code <= 0x10c5) return String.fromCodePoint(code - 0x10a0 + 0x2d00);
  return ch;
}

/** Romanises Georgian letters (any of the three scripts); everything else is left as it is. */
export function transliterateGeorgian(text: string): string {
  let out = '';
  for (const raw of text) {
    const ch = toMkhedruli(raw);
    out += GEORGIAN_TO_LATIN[ch] ?? ch;
  }
  return out;
}

/**
 * The canonical form of a name for comparison: Georgian romanised, lower case, accents and other marks removed,
 * punctuation and symbols turned into single spaces. "1. FC Köln" → "1 fc koln", "დინამო" → "dinamo",
 * "Barça" → "barca", "Brighton & Hove Albion" → "brighton hove albion".
 */
export function foldText(text: string): string {
  const romanised = transliterateGeorgian(text.normalize('NFC'));
  const stripped = romanised
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
  let out = '';
  for (const ch of stripped) out += LATIN_SPECIAL[ch] ?? ch;
  return out.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * A looser form for matching across spellings: the romanisation variants fans type interchangeably are
 * merged (kh/x → k, q → k, gh → g, ts/tz → c, w → v, y → i) and doubled letters collapse.
 * "Tskaltubo" and "წყალტუბო" (tsqaltubo) both become "ckaltubo". Apply it to both sides of a comparison.
 */
export function searchKey(text: string): string {
  return foldText(text)
    .replace(/kh|x/g, 'k')
    .replace(/q/g, 'k')
    .replace(/gh/g, 'g')
    .replace(/t[sz]/g, 'c')
    .replace(/w/g, 'v')
    .replace(/y/g, 'i')
    .replace(/(\p{L})\1+/gu, '$1');
}

/**
 * A sort key that orders names the way people read a list: case and accents ignored ("Aberdeen" before
 * "AVS" and "AZ Alkmaar", "Alavés" beside "Alaves"), digits and spaces as they are. Works as a plain
 * byte-wise `order by` on any database, PGlite included, which has no ICU collations.
 */
export function sortKey(text: string): string {
  return foldText(text);
}

/** Compares two names by their sort keys, for lists sorted in the browser. */
export function compareNames(a: string, b: string): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
