/**
 * Sends items through `send` in batches: an item that arrives while the previous batch is on its way waits and
 * goes with the others that arrived meanwhile, in the order they came. One call at a time, so under load one
 * round trip carries many items and when idle an item goes at once (after the current tick, so the items of one
 * tick go together). Each call resolves once its own batch is sent, and fails with it.
 */
export function coalesce<T>(send: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let inFlight: Promise<void> | undefined;
  let waiting: { items: T[]; sent: Promise<void> } | undefined;
  return (item) => {
    if (waiting) {
      waiting.items.push(item);
      return waiting.sent;
    }
    const before = inFlight;
    const items = [item];
    const sent = (async () => {
      // The batch before is its own callers' to fail; this one goes either way.
      await before?.catch(() => undefined);
      waiting = undefined;
      await send(items);
    })();
    waiting = { items, sent };
    inFlight = sent;
    const settle = () => {
      if (inFlight === sent) inFlight = undefined;
    };
    sent.then(settle, settle);
    return sent;
  };
}
