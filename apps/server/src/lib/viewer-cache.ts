/**
 * Who is signed in, remembered for a few seconds per credential, so a read does not pay for the session lookup
 * (signature check, session and user rows, profile row) on every request. The key is the hash of the one
 * credential the lookup verified, the bearer token or the session cookie (`lib/session-credential.ts`), never a
 * header the server did not verify.
 *
 * An entry answers for at most `ttlMs` (minutes by default, and never past the session's own expiry). Every
 * instance forgets a user as soon as their sessions or profile change on any of them (sign-out, password reset,
 * admin block or grant, nickname, account deletion: `lib/viewer-revocation.ts`); `ttlMs` bounds only a change
 * made past the API, in the database itself.
 *
 * Past `ttlMs` an entry is kept, stale, until its session's end: it no longer answers, but it still tells which
 * session the (already verified) credential belongs to, so a fan back after a pause is looked up again by that
 * session's id (one statement) instead of from scratch.
 */
export type CachedViewer<V> = { viewer: V; userId: string; expiresAt: number; refreshAt: number; keepUntil: number };

/**
 * What the cache knows of a credential: the viewer, and whether it is time to look the session up again. A
 * `stale` viewer must not answer: it is only what to look up again, in front of the request.
 */
export type CacheHit<V> = { viewer: V; refresh: boolean; stale?: true };

export class ViewerCache<V> {
  private readonly entries = new Map<string, CachedViewer<V>>();
  private readonly lookups = new Map<string, Promise<V | null>>();
  /** Bumped whenever the cache forgets: a lookup begun before it must not store what it found. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /**
   * The remembered viewer, never older than `ttlMs`. Past a point picked at random in the second half of its life
   * an entry asks to be refreshed (`refresh`), so a fan who keeps reading has the lookup made beside a request
   * rather than in front of one, and entries made in the same second do not all expire in the same second.
   */
  get(key: string, now = Date.now()): CacheHit<V> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.keepUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.expiresAt <= now) return { viewer: entry.viewer, refresh: true, stale: true };
    return { viewer: entry.viewer, refresh: entry.refreshAt <= now };
  }

  set(key: string, userId: string, viewer: V, sessionExpiresAt: number, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, {
      viewer,
      userId,
      expiresAt: Math.min(now + this.ttlMs, sessionExpiresAt),
      refreshAt: now + this.ttlMs * (0.5 + Math.random() * 0.3),
      keepUntil: sessionExpiresAt,
    });
  }

  /**
   * Looks the credential up once however many requests ask at the same time, and remembers the answer unless the
   * cache forgot this user (or everyone) while the lookup ran. `find` returns the viewer, the user id and when
   * the session ends, or null for no session.
   */
  lookup(
    key: string,
    find: () => Promise<{ viewer: V; userId: string; sessionExpiresAt: number } | null>,
  ): Promise<V | null> {
    let pending = this.lookups.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = find()
        .then((found) => {
          if (!found) {
            // The session has ended: a refresh must not leave the old answer standing.
            this.entries.delete(key);
            return null;
          }
          if (generation === this.generation) this.set(key, found.userId, found.viewer, found.sessionExpiresAt);
          return found.viewer;
        })
        .finally(() => this.lookups.delete(key));
      this.lookups.set(key, pending);
    }
    return pending;
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  /**
   * No entry answers again before its session is looked up again: each becomes stale, so the next request checks
   * it by its session's id (one statement) rather than through better-auth, as `clear()` would make it.
   */
  expireAll(now = Date.now()): void {
    this.generation++;
    for (const entry of this.entries.values()) entry.expiresAt = Math.min(entry.expiresAt, now);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
