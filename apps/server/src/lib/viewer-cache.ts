/**
 * Who is signed in, remembered for a few seconds per credential (bearer token or cookie header), so a read does
 * not pay for the session lookup (signature check, session and user rows, profile row) on every request.
 *
 * Revocation stays bounded: an entry lives at most `ttlMs` (and never past the session's own expiry); this
 * process forgets a user at once when their sessions or profile change here (sign-out, password reset, admin
 * block or grant, nickname, account deletion), and other processes within `ttlMs`.
 */
export type CachedViewer<V> = { viewer: V; userId: string; expiresAt: number };

export class ViewerCache<V> {
  private readonly entries = new Map<string, CachedViewer<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.viewer;
  }

  set(key: string, userId: string, viewer: V, sessionExpiresAt: number, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { viewer, userId, expiresAt: Math.min(now + this.ttlMs, sessionExpiresAt) });
  }

  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Processes hold one cache for every app they build (tests build many; credentials never collide). */
const caches = new Set<ViewerCache<unknown>>();

export function createViewerCache<V>(ttlMs: number): ViewerCache<V> {
  const cache = new ViewerCache<V>(ttlMs);
  caches.add(cache);
  return cache;
}

export function releaseViewerCache(cache: ViewerCache<unknown>): void {
  caches.delete(cache);
}

/** A user's sessions or profile changed: no cache in this process may answer for them any more. */
export function forgetViewer(userId: string): void {
  for (const cache of caches) cache.forgetUser(userId);
}
