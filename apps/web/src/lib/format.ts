import i18n from './i18n';

/**
 * Numbers and dates in the language on screen, through Intl: Georgian groups thousands with a space, writes a
 * decimal comma and dates as "23 ნოე. 2026". Some browser builds ship without Georgian locale data (Intl then
 * answers in English); for them the same shapes are composed from the catalogue's month names and Intl's
 * English parts, so a Georgian screen never shows "Nov 23, 2026".
 */
const language = () => i18n.language || 'en';

const supported = new Map<string, boolean>();
function intlSpeaks(lng: string): boolean {
  let known = supported.get(lng);
  if (known === undefined) {
    known =
      Intl.DateTimeFormat.supportedLocalesOf([lng]).length > 0 &&
      Intl.NumberFormat.supportedLocalesOf([lng]).length > 0;
    supported.set(lng, known);
  }
  return known;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) cache.set(key, (format = make()));
  return format;
}

export function formatNumber(value: number): string {
  const lng = language();
  if (lng !== 'ka' || intlSpeaks(lng)) return cached(`n:${lng}`, () => new Intl.NumberFormat(lng)).format(value);
  return cached('n:en', () => new Intl.NumberFormat('en'))
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? '\u00a0' : part.type === 'decimal' ? ',' : part.value))
    .join('');
}

const toDate = (date: string | Date) => (typeof date === 'string' ? new Date(date) : date);

/** "23 ნოე. 2026" from the catalogue's month names, for browsers without Georgian Intl data. */
function georgianDate(date: Date, withYear: boolean): string {
  const day = `${date.getDate()} ${i18n.t(`time.month.${date.getMonth() + 1}`)}.`;
  return withYear ? `${day} ${date.getFullYear()}` : day;
}

/** A calendar date ("Nov 23, 2026" / "23 ნოე. 2026"); `withYear: false` leaves the year out. */
export function formatDate(date: string | Date, { withYear = true } = {}): string {
  const lng = language();
  const then = toDate(date);
  if (lng === 'ka' && !intlSpeaks(lng)) return georgianDate(then, withYear);
  const options: Intl.DateTimeFormatOptions = withYear ? { dateStyle: 'medium' } : { month: 'short', day: 'numeric' };
  return cached(`d:${lng}:${withYear}`, () => new Intl.DateTimeFormat(lng, options)).format(then);
}

/** Date and time ("Nov 23, 2026, 2:05 PM" / "23 ნოე. 2026, 14:05"). */
export function formatDateTime(date: string | Date): string {
  const lng = language();
  const then = toDate(date);
  if (lng === 'ka' && !intlSpeaks(lng)) {
    const time = `${String(then.getHours()).padStart(2, '0')}:${String(then.getMinutes()).padStart(2, '0')}`;
    return `${georgianDate(then, true)}, ${time}`;
  }
  return cached(`dt:${lng}`, () => new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' })).format(
    then,
  );
}
