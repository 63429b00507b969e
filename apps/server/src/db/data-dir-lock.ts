import { open, readFile, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite has no lock of its own: two processes on one data dir silently lose writes. The server therefore
 * holds a lock file beside the data dir (`<dataDir>.lock`) that names its owner: host, pid and the pid's start
 * time (Linux `/proc/<pid>/stat`, so that a recycled pid is not mistaken for the owner).
 *
 * A lock whose owner is gone (killed with -9, the machine restarted) is taken over at once: no stale-time
 * window. A lock held by a live process, or by a process on another host (whose liveness we cannot see), is
 * refused.
 */
export type LockOwner = { host: string; pid: number; started: string | null };

/** The start time of a process in clock ticks since boot, or null where /proc is not available. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 counts from after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true; // not ours to judge
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startTime(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function parse(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : null;
  } catch {
    return null;
  }
}

export class LockHeldError extends Error {
  constructor(readonly owner: LockOwner | null) {
    super('locked');
  }
}

/** Takes the lock, or throws LockHeldError; returns the release function. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = `${dataDir}.lock`;
  const me: LockOwner = { host: hostname(), pid: process.pid, started: startTime(process.pid) };
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(mine);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return async () => {
        // Only our own lock is removed.
        if ((await readFile(file, 'utf8').catch(() => '')) === mine) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue; // removed meanwhile: try again
    const owner = parse(text);
    if (!owner) {
      // Being written this very moment, or left half-written by a crash: a young file gets a moment.
      const age =
        Date.now() -
        (await stat(file)
          .then((s) => s.mtimeMs)
          .catch(() => 0));
      if (age < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
    } else if (owner.pid === process.pid && owner.host === me.host) {
      throw new LockHeldError(owner);
    } else if (isAlive(owner)) {
      throw new LockHeldError(owner);
    }
    // Stale: remove it, unless another starter replaced it in the meantime, and try again.
    if ((await readFile(file, 'utf8').catch(() => null)) === text) await rm(file, { force: true });
  }
  throw new LockHeldError(null);
}
