import i18n from './i18n';

/**
 * The API's errors in the fan's language. The server answers a stable code (packages/shared/src/errors.ts); the
 * words come from the catalogue (locales/<language>/errors.json). A validation problem's message is one of the
 * shared schemas' sentences: known ones are matched to a catalogue sentence with their numbers; anything else
 * shows the code's general sentence.
 */
const validationMessages: [RegExp, string, (match: RegExpExecArray) => Record<string, string>][] = [
  [/^Posts can be at most (\d+) characters\.$/, 'postTooLong', (m) => ({ max: m[1]! })],
  [/^Comments can be at most (\d+) characters\.$/, 'commentTooLong', (m) => ({ max: m[1]! })],
  [/^Please write something first\.$/, 'writeFirst', () => ({})],
  [/^Bio must be at most (\d+) characters\.$/, 'bioTooLong', (m) => ({ max: m[1]! })],
  [/^Notes can be at most (\d+) characters\.$/, 'noteTooLong', (m) => ({ max: m[1]! })],
  [/^Password must be at least (\d+) characters\.?$/, 'passwordShort', (m) => ({ min: m[1]! })],
  [/^Password must be at most (\d+) characters\.?$/, 'passwordLong', (m) => ({ max: m[1]! })],
  [/^Password too (short)$/i, 'passwordShort', () => ({ min: '8' })],
  [/^Please enter your password\.$/, 'passwordRequired', () => ({})],
  [/^Please enter a valid email address\.$|^Invalid email( address)?\.?$/i, 'email', () => ({})],
  [/^Nickname must be at least (\d+) characters\.$/, 'nicknameShort', (m) => ({ min: m[1]! })],
  [/^Nickname must be at most (\d+) characters\.$/, 'nicknameLong', (m) => ({ max: m[1]! })],
  [/^Nickname may use letters/, 'nicknameChars', () => ({})],
  [/^These fields cannot be changed/, 'fieldsLocked', () => ({})],
  [/^Please select an image file$/, 'imageRequired', () => ({})],
];

/** A sentence of the shared schemas in the language on screen, or null when it is not a known one. */
export function validationMessage(message: string | undefined): string | null {
  if (!message) return null;
  for (const [pattern, key, params] of validationMessages) {
    const match = pattern.exec(message);
    if (match) return i18n.t(`errors.validation.${key}`, params(match));
  }
  return null;
}

/** What to show for an error answer of the API. */
export function apiErrorMessage(code: string, serverMessage?: string): string {
  if (code === 'VALIDATION' || code === 'NICKNAME_TAKEN') {
    const known = validationMessage(serverMessage);
    if (known) return known;
    // An English reader gets the server's own (English, more specific) sentence.
    if (serverMessage && i18n.language === 'en') return serverMessage;
  }
  const key = `errors.codes.${code}`;
  return i18n.exists(key) ? i18n.t(key) : (serverMessage ?? i18n.t('errors.codes.UNKNOWN'));
}

/**
 * better-auth's error answers carry codes of their own; the checks in front of it (the auth guard, the sign-up
 * hook) answer with ours, such as PASSWORD_TOO_COMMON, which read as any other API error does: the code's own
 * sentence, and for VALIDATION the specific sentence rather than the general one.
 */
export function authErrorText(error: { code?: string; message?: string; status?: number } | null | undefined): string {
  if (!error) return i18n.t('errors.codes.UNKNOWN');
  if (error.status === 429) return i18n.t('errors.auth.TOO_MANY_REQUESTS');
  if (error.code && i18n.exists(`errors.auth.${error.code}`)) return i18n.t(`errors.auth.${error.code}`);
  const known = validationMessage(error.message);
  if (known) return known;
  if (error.code && i18n.exists(`errors.codes.${error.code}`)) return apiErrorMessage(error.code, error.message);
  if (error.message && i18n.language === 'en') return error.message;
  return i18n.t('errors.codes.UNKNOWN');
}
