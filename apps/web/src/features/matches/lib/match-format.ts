import type { MatchState } from '@burti/shared';
import type { TFunction } from 'i18next';
import i18n from '../../../lib/i18n';

/**
 * Kick-off times are shown in the fan's time zone. Burti keeps no time zone per account or device setting, and
 * its fans follow Georgian football: Tbilisi time, whatever zone the phone is set to, so that a fan abroad and
 * the club's announcements speak of the same hour.
 */
export const FAN_TIME_ZONE = 'Asia/Tbilisi';

const language = () => (i18n.language === 'ka' ? 'ka' : 'en');
const speaks = new Map<string, boolean>();
function intlSpeaks(lng: string): boolean {
  let known = speaks.get(lng);
  if (known === undefined) speaks.set(lng, (known = Intl.DateTimeFormat.supportedLocalesOf([lng]).length > 0));
  return known;
}

/** The calendar parts of an instant in the fan's zone (numbers, from Intl's English parts). */
function partsOf(date: Date): {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: string;
  minute: string;
} {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: FAN_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? 'Sun');
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday,
    hour: parts.hour ?? '00',
    minute: parts.minute ?? '00',
  };
}

/** "18:00": the kick-off's clock time in the fan's zone, 24-hour in both languages. */
export function formatKickoffTime(iso: string): string {
  const { hour, minute } = partsOf(new Date(iso));
  return `${hour}:${minute}`;
}

/** "Sat, Nov 29" / "შაბ, 29 ნოე": the kick-off's day in the fan's zone. */
export function formatMatchDay(iso: string): string {
  const lng = language();
  const date = new Date(iso);
  if (lng === 'ka' && !intlSpeaks('ka')) {
    const { day, month, weekday } = partsOf(date);
    return `${i18n.t(`matches.weekday.${weekday}`)}, ${day} ${i18n.t(`time.month.${month}`)}`;
  }
  return new Intl.DateTimeFormat(lng, {
    timeZone: FAN_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(date);
}

/** "Sat, Nov 29, 18:00": day and clock time of the kick-off. */
export function formatKickoff(iso: string): string {
  return `${formatMatchDay(iso)}, ${formatKickoffTime(iso)}`;
}

/** The fan's-zone calendar day of an instant ("2026-11-29"), to group a fixture list by day. */
export function matchDayKey(iso: string): string {
  const { year, month, day } = partsOf(new Date(iso));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const isLive = (state: Pick<MatchState, 'status'>) => state.status === 'live' || state.status === 'half_time';

/** "67′" or "45+2′" while the match is on; null otherwise. */
export function matchMinute(state: Pick<MatchState, 'status' | 'minute' | 'addedMinute'>, t: TFunction): string | null {
  if (state.status !== 'live' || state.minute === null) return null;
  return state.addedMinute
    ? t('matches.minuteAdded', { minute: state.minute, added: state.addedMinute })
    : t('matches.minute', { minute: state.minute });
}

/** The minute as a screen reader says it: "minute 45 plus 2". */
export function spokenMinute(
  state: Pick<MatchState, 'status' | 'minute' | 'addedMinute'>,
  t: TFunction,
): string | null {
  if (state.status !== 'live' || state.minute === null) return null;
  return state.addedMinute
    ? t('matches.minuteAddedSpoken', { minute: state.minute, added: state.addedMinute })
    : t('matches.minuteSpoken', { minute: state.minute });
}
