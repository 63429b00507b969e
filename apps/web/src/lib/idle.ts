import { useEffect, useState } from 'react';

/** Runs `callback` once the browser has nothing more urgent to do (after the first paint), or after 1.5 s. */
export function whenIdle(callback: () => void): void {
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) requestIdleCallback(() => callback(), { timeout: 3000 });
  else setTimeout(callback, 1500);
}

let hasBeenIdle = false;

/**
 * False until the page has first been idle (its first screen drawn), then true, at once for components mounted
 * later: for what a screen shows or starts that its first paint need not wait for or share the network with.
 */
export function useFirstIdle(): boolean {
  const [isIdle, setIdle] = useState(hasBeenIdle);
  useEffect(() => {
    if (isIdle) return;
    whenIdle(() => {
      hasBeenIdle = true;
      setIdle(true);
    });
  }, [isIdle]);
  return isIdle;
}
