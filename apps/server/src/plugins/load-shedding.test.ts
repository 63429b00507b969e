import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxInFlight: 2 });
});
afterAll(async () => t?.close());

describe('a bounded queue of API requests', () => {
  it('answers 503 BUSY with Retry-After beyond the bound, and serves again once the burst is over', async () => {
    const [fan] = await t.createFans(1);
    const burst = await Promise.all(Array.from({ length: 12 }, () => fan!.get('/api/feed')));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const busy = burst.find((response) => response.statusCode === 503)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({ error: { code: 'BUSY' } });

    // Every slot was given back: one request at a time always gets through.
    for (let i = 0; i < 5; i++) expect((await fan!.get('/api/feed')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
