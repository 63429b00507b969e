import { NICKNAME_MAX, NICKNAME_MIN, NICKNAME_PATTERN } from './constants.js';

/** Why a nickname is not acceptable, or null when it is. */
export function nicknameProblem(nickname: string): string | null {
  const length = [...nickname].length;
  if (length < NICKNAME_MIN) return `Nickname must be at least ${NICKNAME_MIN} characters.`;
  if (length > NICKNAME_MAX) return `Nickname must be at most ${NICKNAME_MAX} characters.`;
  if (!NICKNAME_PATTERN.test(nickname)) return "Nickname may use letters, digits, '_' and '.' only.";
  return null;
}

/**
 * Turns any text (an email's local part, a Telegram name) into a nickname candidate that fits the rules,
 * before a uniqueness suffix is added. Never returns less than the minimum length.
 */
export function cleanNickname(raw: string): string {
  const cleaned = [...raw.normalize('NFKC').replace(/\s+/gu, '_')]
    .filter((ch) => NICKNAME_PATTERN.test(ch))
    .join('')
    .replace(/^[._]+|[._]+$/gu, '');
  const cut = [...cleaned].slice(0, NICKNAME_MAX - 4).join('');
  if ([...cut].length >= NICKNAME_MIN) return cut;
  return (cut + 'fan').slice(0, NICKNAME_MAX);
}
