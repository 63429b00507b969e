import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  // A long memory, so that only the revocation paths can make the API forget a viewer.
  t = await createTestApp({ viewerCacheSeconds: 300 });
});
afterAll(async () => t?.close());

describe('the remembered viewer', () => {
  it('stops answering for a session the fan signed out of', async () => {
    const [fan] = await t.createFans(1);
    expect((await fan!.get('/api/me')).statusCode).toBe(200);
    expect((await fan!.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await fan!.get('/api/me')).statusCode).toBe(401);
  });
});
