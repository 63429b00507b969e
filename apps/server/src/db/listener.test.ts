/**
 * The LISTEN connection noticed silent: a connection that stops answering without closing (a stopped server, a
 * lost network path) is marked lost within two heartbeats and replaced, so notifications (among them the
 * revocations the remembered viewers rely on, lib/viewer-revocation.ts) are not missed for minutes.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { silentLog } from './handle.js';
import { createListener } from './listener.js';

const testDb = inject('testDb');

describe.skipIf(testDb.kind !== 'postgres')('the LISTEN connection', () => {
  const url = testDb.kind === 'postgres' ? testDb.adminUrl : '';
  let proxy: TcpProxy;
  beforeAll(async () => {
    const target = new URL(url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('is marked lost when it stops answering, comes back by itself and hears notifications again', async () => {
    const channel = `listener_test_${process.pid}_${Date.now()}`;
    const listener = createListener(proxy.urlFor(url), silentLog, 1_000, 200);
    const heard: string[] = [];
    let reconnects = 0;
    const stop = await listener.listen(
      channel,
      (payload) => heard.push(payload),
      () => reconnects++,
    );
    const notify = async (payload: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('select pg_notify($1, $2)', [channel, payload]);
      await client.end();
    };
    try {
      expect(listener.connected()).toBe(true);
      await notify('before');
      await expect.poll(() => heard).toEqual(['before']);

      // Silent, not closed: nothing tells the socket; only the unanswered heartbeat does.
      const pausedAt = Date.now();
      proxy.pause();
      await expect.poll(() => listener.connected(), { timeout: 2_000, interval: 20 }).toBe(false);
      expect(Date.now() - pausedAt).toBeLessThan(1_000);

      proxy.resume();
      await expect.poll(() => listener.connected(), { timeout: 5_000 }).toBe(true);
      expect(reconnects).toBe(1);
      await notify('after');
      await expect.poll(() => heard).toContain('after');
    } finally {
      await stop();
      await listener.close();
    }
  });

  it('stays connected through an event loop busier than its heartbeat', async () => {
    const listener = createListener(url, silentLog, 1_000, 100);
    let reconnects = 0;
    const stop = await listener.listen(
      `listener_busy_${process.pid}`,
      () => undefined,
      () => reconnects++,
    );
    try {
      // The event loop held longer than a heartbeat, as a burst of work holds it, with one turn between: each
      // heartbeat's answer arrives while the loop is held, and its next beat is due before the answer is read.
      for (let i = 0; i < 8; i++) {
        const until = Date.now() + 250;
        while (Date.now() < until) {
          // held
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(listener.connected()).toBe(true);
      expect(reconnects).toBe(0);
    } finally {
      await stop();
      await listener.close();
    }
  });
});
