import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { appLinksFromEnv } from '../lib/app-links.js';
import { readEnv } from '../env.js';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':');

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  const env = readEnv({
    ANDROID_APP_PACKAGE: 'ge.burti.app',
    ANDROID_CERT_SHA256: `${FINGERPRINT.toLowerCase()}, ${FINGERPRINT.replace(/^../, 'FF')}`,
    IOS_APP_IDS: 'ABCDE12345.ge.burti.app',
  });
  t = await createTestApp({
    appLinks: appLinksFromEnv(env),
    trustedOrigins: ['http://localhost:3000', 'capacitor://localhost', 'https://localhost'],
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

describe('app links for the native apps', () => {
  it('serves assetlinks.json with the configured package and signing fingerprints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'ge.burti.app',
          sha256_cert_fingerprints: [FINGERPRINT, FINGERPRINT.replace(/^../, 'FF')],
        },
      },
    ]);
  });

  it('serves apple-app-site-association for posts, profiles and referral links', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.applinks.details).toEqual([
      {
        appIDs: ['ABCDE12345.ge.burti.app'],
        components: [
          { '/': '/post/*', comment: 'A post' },
          { '/': '/profile/*', comment: 'A profile' },
          { '/': '/', '?': { ref: '?*' }, comment: 'A referral link' },
        ],
      },
    ]);
    expect(body.webcredentials).toEqual({ apps: ['ABCDE12345.ge.burti.app'] });
  });

  it('answers 404 while a platform is not configured, and refuses malformed settings at start', async () => {
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const response = await bare.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect(() => appLinksFromEnv(readEnv({ ANDROID_CERT_SHA256: 'abc' }))).toThrow(/ANDROID_CERT_SHA256/);
    expect(() => appLinksFromEnv(readEnv({ IOS_APP_IDS: 'ge.burti.app' }))).toThrow(/IOS_APP_IDS/);
  });
});

describe('CORS for the native app', () => {
  it('lets the native app’s origin call the API with a bearer token and read the token it is given', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/me',
      headers: {
        origin: 'capacitor://localhost',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');

    const [fan] = await t.createFans(1);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...fan!.headers, origin: 'https://localhost' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['access-control-allow-origin']).toBe('https://localhost');
    expect(String(me.headers['access-control-expose-headers'])).toContain('set-auth-token');
  });

  it('gives other origins no CORS access', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
