import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has nothing more urgent to do (after the first paint), or after 1.5 s. Returns
 * what cancels it (for a component unmounted before then).
 */
export function whenIdle(callback: () => void): () => void {
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(() => callback(), { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 1500);
  return () => clearTimeout(id);
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
    return whenIdle(() => {
      hasBeenIdle = true;
      setIdle(true);
    });
  }, [isIdle]);
  return isIdle;
}
