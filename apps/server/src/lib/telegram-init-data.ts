import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Telegram Mini App init data: the query string Telegram hands the Mini App (`Telegram.WebApp.initData`),
 * signed with the bot's token. Checked exactly as Telegram's "Validating data received via the Mini App"
 * describes: secret_key = HMAC_SHA256(key "WebAppData", bot_token); hash = hex(HMAC_SHA256(key secret_key,
 * data_check_string)), where the data-check string is every received field except `hash` (so `signature`
 * too when present), URL-decoded, as `key=value`, sorted by key and joined by '\n'.
 */

/** The Telegram account in the init data (the fields this app reads; Telegram may send more). */
export type TelegramInitUser = {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  language_code?: string;
};

export type VerifiedInitData = {
  user: TelegramInitUser;
  authDate: Date;
  /** `start_param` of a direct Mini App link (`t.me/bot/app?startapp=…`), when present. */
  startParam: string | null;
};

export type InitDataProblem =
  'malformed' | 'missing-hash' | 'bad-signature' | 'missing-auth-date' | 'expired' | 'future-auth-date' | 'no-user';

/** Why init data was refused; the message is safe to show. */
export class InitDataError extends Error {
  readonly problem: InitDataProblem;
  constructor(problem: InitDataProblem, message: string) {
    super(message);
    this.name = 'InitDataError';
    this.problem = problem;
  }
}

/**
 * How far `auth_date` may lie ahead of the server's clock: Telegram stamps it with its own clock, so a
 * small difference between the two clocks is let through; anything further ahead was not signed just now.
 */
export const AUTH_DATE_CLOCK_SKEW_SECONDS = 60;

/** The longest init data accepted; real ones are well under 2 kB. */
export const INIT_DATA_MAX_LENGTH = 8192;

function secretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** The data-check string of decoded fields: every key but `hash`, sorted, `key=value` joined by '\n'. */
export function dataCheckString(fields: ReadonlyMap<string, string>): string {
  return [...fields.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** The hex hash Telegram would put on these fields. */
export function initDataHash(fields: ReadonlyMap<string, string>, botToken: string): string {
  return createHmac('sha256', secretKey(botToken)).update(dataCheckString(fields)).digest('hex');
}

/**
 * Signs fields as Telegram does and returns the init data query string (fields in the given order, `hash`
 * last). For tests and local tools: the server never signs init data for itself.
 */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  params.append('hash', initDataHash(new Map(Object.entries(fields)), botToken));
  return params.toString();
}

/** Decodes the query string; a key given twice makes the data ambiguous, so it is refused. */
function parseFields(initData: string): Map<string, string> {
  if (!initData || initData.length > INIT_DATA_MAX_LENGTH) {
    throw new InitDataError('malformed', 'The Telegram init data is empty or too long.');
  }
  const fields = new Map<string, string>();
  // URLSearchParams decodes as browsers encode: percent escapes, and '+' as a space.
  for (const [key, value] of new URLSearchParams(initData)) {
    if (fields.has(key)) throw new InitDataError('malformed', `The Telegram init data repeats the field "${key}".`);
    fields.set(key, value);
  }
  return fields;
}

function parseUser(raw: string | undefined): TelegramInitUser {
  if (!raw) throw new InitDataError('no-user', 'The Telegram init data carries no user.');
  let user: unknown;
  try {
    user = JSON.parse(raw);
  } catch {
    throw new InitDataError('malformed', 'The Telegram user in the init data is not valid JSON.');
  }
  const id = (user as { id?: unknown } | null)?.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new InitDataError('no-user', 'The Telegram user in the init data has no valid id.');
  }
  const text = (key: string): string | undefined => {
    const value = (user as Record<string, unknown>)[key];
    return typeof value === 'string' && value.trim() ? value : undefined;
  };
  return {
    id,
    first_name: text('first_name'),
    last_name: text('last_name'),
    username: text('username'),
    photo_url: text('photo_url'),
    language_code: text('language_code'),
  };
}

/**
 * Verifies init data against the bot token and returns what it says. Throws InitDataError when the data is
 * malformed, unsigned, signed by another bot or altered, has no valid `auth_date`, is dated more than
 * AUTH_DATE_CLOCK_SKEW_SECONDS ahead of `now` (always checked), is older than `maxAgeSeconds` (0 turns
 * the age check off), or carries no user.
 */
export function verifyInitData(
  initData: string,
  botToken: string,
  { maxAgeSeconds, now = new Date() }: { maxAgeSeconds: number; now?: Date },
): VerifiedInitData {
  const fields = parseFields(initData);
  const hash = fields.get('hash');
  if (!hash) throw new InitDataError('missing-hash', 'The Telegram init data is not signed (no hash).');
  const received = /^[0-9a-f]{64}$/i.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  const expected = Buffer.from(initDataHash(fields, botToken), 'hex');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    throw new InitDataError('bad-signature', 'The Telegram init data signature does not match.');
  }

  const authDateText = fields.get('auth_date');
  if (!authDateText || !/^\d{1,12}$/.test(authDateText)) {
    throw new InitDataError('missing-auth-date', 'The Telegram init data has no valid auth_date.');
  }
  const authDate = new Date(Number(authDateText) * 1000);
  if (authDate.getTime() - now.getTime() > AUTH_DATE_CLOCK_SKEW_SECONDS * 1000) {
    throw new InitDataError(
      'future-auth-date',
      'The Telegram init data is dated in the future. Close the app and open it again.',
    );
  }
  if (maxAgeSeconds > 0 && now.getTime() - authDate.getTime() > maxAgeSeconds * 1000) {
    throw new InitDataError('expired', 'The Telegram init data has expired. Close the app and open it again.');
  }

  return { user: parseUser(fields.get('user')), authDate, startParam: fields.get('start_param') ?? null };
}
