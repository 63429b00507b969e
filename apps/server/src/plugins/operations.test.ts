import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

const token = 'a-metrics-token-of-some-length';

describe('health and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: token });
  });
  afterAll(async () => t?.close());

  it('answers liveness and readiness while the database is reachable', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ ok: true });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: t.database.kind });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('gives every answer a request id, the proxy’s when it sent a sane one', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'edge-1234' },
    });
    expect(proxied.headers['x-request-id']).toBe('edge-1234');
  });

  it('serves Prometheus metrics only with the token', async () => {
    await t.app.inject({ method: 'GET', url: '/api/clubs' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/text\/plain/);
    expect(metrics.body).toMatch(/http_requests_total\{method="GET",route="\/api\/clubs",status="200"\} 1/);
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/clubs",status="200"\} 1/,
    );
    expect(metrics.body).toMatch(/sse_streams_open 0/);
    expect(metrics.body).toMatch(/db_listen_connected 1/);
    expect(metrics.body).toMatch(/leaderboard_pending_entries 0/);
  });

  it('answers 503 with a clear message on readiness and requests once the database is gone', async () => {
    // Last: closes this file's database under the running app, as an outage would.
    await t.database.close();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().problems).toContain('database unreachable');
    const clubs = await t.app.inject({ method: 'GET', url: '/api/clubs' });
    expect(clubs.statusCode).toBe(503);
    expect(clubs.json().error.code).toBe('UNAVAILABLE');
  });
});

describe('metrics without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('are off', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
