/** Runs `callback` once the browser has nothing more urgent to do (after the first paint), or after 1.5 s. */
export function whenIdle(callback: () => void): void {
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) requestIdleCallback(() => callback(), { timeout: 3000 });
  else setTimeout(callback, 1500);
}
