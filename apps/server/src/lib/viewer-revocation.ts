import { afterCommit, type Db, type Executor } from '../db/client.js';
import { publishTopic, type Realtime } from './realtime.js';
import type { ViewerCache } from './viewer-cache.js';

/**
 * How every instance learns that a user's sessions or profile changed (sign-out, password reset, admin block or
 * grant, nickname, account deletion), so that a remembered viewer may answer for minutes without a session lookup.
 * The instance that made the change forgets the user at once; one NOTIFY on the realtime bus (`lib/realtime.ts`)
 * makes every other instance forget them as it arrives, within milliseconds. A bus message can only be missed
 * while an instance's LISTEN connection is away: when it comes back, that instance looks everyone up again before
 * answering for them (by their session's id, one statement each).
 */
export const VIEWERS_TOPIC = 'viewers';

/**
 * The caches of each database handle. The apps a process builds on one handle are one instance (tests build
 * several); an app on another handle, like another process, hears of a change through the bus only.
 */
const caches = new WeakMap<Executor, Set<ViewerCache<unknown>>>();

/** Makes `cache` forget what any instance announces, and trust nobody when announcements may have been missed. */
export function followViewerRevocations(realtime: Realtime, db: Db, cache: ViewerCache<unknown>): () => void {
  let own = caches.get(db);
  if (!own) caches.set(db, (own = new Set()));
  own.add(cache);
  const unfollow = realtime.subscribeTopic(VIEWERS_TOPIC, (name, data) => {
    if (name === 'forget') cache.forgetUser(JSON.parse(data) as string);
  });
  const unresync = realtime.onResync(() => cache.expireAll());
  return () => {
    own.delete(cache);
    unfollow();
    unresync();
  };
}

/**
 * A user's sessions or profile changed: no instance may answer for them from memory any more. Inside a
 * transaction this happens once it commits, so that no instance looks the user up again before the change is
 * visible and remembers the old rows.
 */
export function forgetViewer(executor: Executor, userId: string): Promise<void> {
  return afterCommit(executor, async (db) => {
    for (const cache of caches.get(db) ?? []) cache.forgetUser(userId);
    await publishTopic(db, VIEWERS_TOPIC, 'forget', userId);
  });
}
