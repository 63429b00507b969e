import i18n from './i18n';

/**
 * Numbers and dates in the language on screen, through Intl (Georgian groups thousands with a space and
 * writes dates as "23 ნოე. 2026"). Formatters are cached per language.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const language = () => i18n.language || 'en';

export function formatNumber(value: number): string {
  const lng = language();
  let format = numberFormats.get(lng);
  if (!format) numberFormats.set(lng, (format = new Intl.NumberFormat(lng)));
  return format.format(value);
}

/** A calendar date ("Nov 23, 2026" / "23 ნოე. 2026"). */
export function formatDate(date: string | Date): string {
  const lng = language();
  let format = dateFormats.get(lng);
  if (!format) dateFormats.set(lng, (format = new Intl.DateTimeFormat(lng, { dateStyle: 'medium' })));
  return format.format(typeof date === 'string' ? new Date(date) : date);
}
