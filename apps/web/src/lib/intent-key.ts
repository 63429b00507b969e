/**
 * One `Idempotency-Key` per user intent. Sending the same thing again (a double click, the retry after a
 * network error) reuses the key, so the server does it once; once the server has answered, the next send is
 * a new intent with a new key.
 */
const open = new Map<string, { fingerprint: string; key: string }>();

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key for `scope` (what is being done, e.g. `comment:<postId>`) with this content. */
export function intentKey(scope: string, fingerprint = ''): string {
  const current = open.get(scope);
  if (current?.fingerprint === fingerprint) return current.key;
  const key = newKey();
  open.set(scope, { fingerprint, key });
  return key;
}

/** The intent got its answer: what comes next is a new one. */
export function settleIntent(scope: string): void {
  open.delete(scope);
}

/**
 * Runs a keyed write: the key is settled when the server answered for good (success or a refusal), and kept
 * when the answer never came or may change on a retry (offline, 5xx, rate limit).
 */
export async function withIntent<T>(scope: string, fingerprint: string, send: (key: string) => Promise<T>): Promise<T> {
  const key = intentKey(scope, fingerprint);
  try {
    const result = await send(key);
    settleIntent(scope);
    return result;
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    if (status >= 400 && status < 500 && status !== 429) settleIntent(scope);
    throw error;
  }
}
