import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViewerCache } from '../lib/viewer-cache.js';
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

describe('the viewer cache', () => {
  const found = (viewer: string) => ({ viewer, userId: viewer, sessionExpiresAt: Date.now() + 3_600_000 });

  it('looks a credential up once for requests that ask together', async () => {
    const cache = new ViewerCache<string>(10_000);
    let calls = 0;
    const find = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return found('fan-1');
    };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => cache.lookup('a:token', find)));
    expect(answers).toEqual(['fan-1', 'fan-1', 'fan-1', 'fan-1', 'fan-1']);
    expect(calls).toBe(1);
    expect(cache.get('a:token')).toEqual({ viewer: 'fan-1', refresh: false });
  });

  it('asks for a refresh in the second half of an entry’s life and never answers past it', () => {
    const cache = new ViewerCache<string>(10_000);
    const now = 1_000_000;
    cache.set('a:token', 'fan-1', 'fan-1', now + 3_600_000, now);
    expect(cache.get('a:token', now + 4_999)).toEqual({ viewer: 'fan-1', refresh: false });
    expect(cache.get('a:token', now + 8_000)).toEqual({ viewer: 'fan-1', refresh: true });
    expect(cache.get('a:token', now + 10_000)).toBeUndefined();
  });

  it('does not store what a lookup found when the user was forgotten while it ran', async () => {
    const cache = new ViewerCache<string>(10_000);
    let release: () => void = () => undefined;
    const pending = cache.lookup('a:token', () => new Promise((resolve) => (release = () => resolve(found('fan-1')))));
    cache.forgetUser('fan-1');
    release();
    expect(await pending).toBe('fan-1');
    expect(cache.get('a:token')).toBeUndefined();
  });

  it('drops the remembered viewer when a refresh finds the session gone', async () => {
    const cache = new ViewerCache<string>(10_000);
    cache.set('a:token', 'fan-1', 'fan-1', Date.now() + 3_600_000);
    expect(await cache.lookup('a:token', () => Promise.resolve(null))).toBeNull();
    expect(cache.get('a:token')).toBeUndefined();
  });
});
