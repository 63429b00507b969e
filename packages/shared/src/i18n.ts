/** The languages Burti speaks. Georgian first: it is the home language of the network. */
export const LANGUAGES = ['ka', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The supported language a BCP 47 tag stands for ('ka-GE' → 'ka', 'en-US' → 'en'), or null. */
export function languageOf(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/**
 * The best supported language of an Accept-Language header (weights honoured, ties in the order given), or
 * the default when it names none: "ka-GE,ka;q=0.9,en;q=0.8" → 'ka'.
 */
export function pickLanguage(
  acceptLanguage: string | null | undefined,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: languageOf(tag), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry): entry is { language: Language; weight: number; index: number } => entry.language !== null)
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.language ?? fallback;
}
