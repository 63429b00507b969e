import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createRealtime, publish, type PublishedEvent, type Realtime } from './realtime.js';

const silent = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('realtime events', () => {
  let t: TestApp;
  let realtime: Realtime;
  const received: PublishedEvent[] = [];
  const userId = crypto.randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    realtime = await createRealtime(t.database, silent);
    realtime.subscribe(userId, (event) => received.push(event));
  });
  afterAll(async () => {
    await realtime?.close();
    await t?.close();
  });

  async function waitForCount(count: number) {
    const deadline = Date.now() + 5_000;
    while (received.length < count && Date.now() < deadline) await sleep(20);
  }

  it('sends an event published in a transaction only after it commits', async () => {
    let seenInside = -1;
    await t.db.transaction(async (tx) => {
      await publish(tx, userId, { kind: 'unread', unreadCount: 1 });
      await sleep(300);
      seenInside = received.length;
    });
    expect(seenInside).toBe(0);
    await waitForCount(1);
    expect(received).toEqual([{ kind: 'unread', unreadCount: 1 }]);
  });

  it('never sends an event of a transaction that rolled back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, userId, { kind: 'unread', unreadCount: 99 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await publish(t.db, userId, { kind: 'unread', unreadCount: 2 });
    await waitForCount(2);
    await sleep(200);
    expect(received.map((event) => (event.kind === 'unread' ? event.unreadCount : -1))).toEqual([1, 2]);
  });

  it("delivers each fan's events to that fan's listeners only, whatever the id's characters", async () => {
    const quoted = `fan "${crypto.randomUUID()}" \\ ${'დინამო'}`;
    const mine: PublishedEvent[] = [];
    const stop = realtime.subscribe(quoted, (event) => mine.push(event));
    const before = received.length;
    await publish(t.db, crypto.randomUUID(), { kind: 'unread', unreadCount: 40 });
    await publish(t.db, quoted, { kind: 'unread', unreadCount: 41 });
    await publish(t.db, userId, { kind: 'unread', unreadCount: 42 });
    await waitForCount(before + 1);
    const deadline = Date.now() + 5_000;
    while (mine.length < 1 && Date.now() < deadline) await sleep(20);
    await sleep(200);
    stop();
    expect(mine).toEqual([{ kind: 'unread', unreadCount: 41 }]);
    expect(received.slice(before)).toEqual([{ kind: 'unread', unreadCount: 42 }]);
  });

  it('delivers a burst of events published at once (sent together), every one and in order', async () => {
    const before = received.length;
    const counts = Array.from({ length: 60 }, (_, i) => 100 + i);
    await Promise.all(counts.map((unreadCount) => publish(t.db, userId, { kind: 'unread', unreadCount })));
    await waitForCount(before + counts.length);
    await sleep(200);
    expect(received.slice(before).map((event) => (event.kind === 'unread' ? event.unreadCount : -1))).toEqual(counts);
  });
});
