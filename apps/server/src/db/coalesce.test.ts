import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.js';

/** A sender whose batches end when the test says so, recording what each one carried. */
function gatedSender() {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  let fail = false;
  const send = (items: number[]) => {
    batches.push(items);
    return new Promise<void>((resolve, reject) => gates.push(() => (fail ? reject(new Error('down')) : resolve())));
  };
  return {
    batches,
    send,
    open: async () => {
      await Promise.resolve();
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    failNext: () => (fail = true),
    recover: () => (fail = false),
  };
}

describe('coalesce', () => {
  it('sends the items that arrive while a batch is on its way together, in order, in the next batch', async () => {
    const sender = gatedSender();
    const push = coalesce(sender.send);
    const first = push(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const rest = [push(2), push(3), push(4)];
    expect(sender.batches).toEqual([[1]]);
    await sender.open();
    await first;
    expect(sender.batches).toEqual([[1], [2, 3, 4]]);
    await sender.open();
    await Promise.all(rest);
    expect(sender.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('sends an item at once when nothing is on its way, and the items of one tick together', async () => {
    const batches: string[][] = [];
    const push = coalesce<string>((items) => {
      batches.push(items);
      return Promise.resolve();
    });
    await push('a');
    await push('b');
    await Promise.all([push('c'), push('d')]);
    expect(batches).toEqual([['a'], ['b'], ['c', 'd']]);
  });

  it('fails the callers of a failed batch only; the next batch goes, and so do later ones', async () => {
    const sender = gatedSender();
    const push = coalesce(sender.send);
    sender.failNext();
    const failed = push(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const next = push(2);
    await sender.open();
    await expect(failed).rejects.toThrow('down');
    sender.recover();
    await sender.open();
    await expect(next).resolves.toBeUndefined();
    const later = push(3);
    await sender.open();
    await expect(later).resolves.toBeUndefined();
    expect(sender.batches).toEqual([[1], [2], [3]]);
  });
});
