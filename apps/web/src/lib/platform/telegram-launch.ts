/**
 * Bookkeeping of one launch of the Mini App (sessionStorage lives exactly as long as the launch, reloads
 * included), so that Telegram's init data is exchanged for a session once per launch and never in a loop:
 *
 * - the first exchange of a launch happens by itself;
 * - one more is allowed when the server rejected the token it gave (revoked elsewhere, expired);
 * - after the fan signs out, none happens by itself until they tap "Continue with Telegram".
 */
const EXCHANGES_KEY = 'burti_telegram_exchanges';
const SIGNED_OUT_KEY = 'burti_telegram_signed_out';
/** The launch's sign-in and one renewal. */
const MAX_AUTOMATIC_EXCHANGES = 2;

/** Where the browser denies the frame any storage, this page's memory keeps the count (a reload starts anew). */
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null): void {
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Memory has it for this page.
  }
}

export function exchangesThisLaunch(): number {
  return Number(read(EXCHANGES_KEY) ?? '0') || 0;
}

export function mayExchangeInitData(): boolean {
  return read(SIGNED_OUT_KEY) !== '1' && exchangesThisLaunch() < MAX_AUTOMATIC_EXCHANGES;
}

export function recordExchange({ byFan = false }: { byFan?: boolean } = {}): void {
  write(EXCHANGES_KEY, String(byFan ? 1 : exchangesThisLaunch() + 1));
  write(SIGNED_OUT_KEY, null);
}

/** Signing out inside the Mini App: the form stays until the fan asks to continue with Telegram. */
export function recordSignOut(): void {
  write(SIGNED_OUT_KEY, '1');
}

export function signedOutThisLaunch(): boolean {
  return read(SIGNED_OUT_KEY) === '1';
}
