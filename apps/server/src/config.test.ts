import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, parseTrustProxy } from './config.js';
import { loadDotEnv, readEnv } from './env.js';

const secret = 'x'.repeat(40);

function problemsOf(vars: Record<string, string>): string {
  try {
    configFromEnv(readEnv({ DATA_DIR: '/tmp/burti-config-test', ...vars }));
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('configuration that fails safe', () => {
  it('refuses to start in production without a fixed secret and the public address', () => {
    const message = problemsOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/BETTER_AUTH_SECRET is required in production/);
    expect(message).toMatch(/APP_URL is required in production/);
    expect(problemsOf({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, APP_URL: 'https://burti.ge' })).toBe('');
  });

  it('refuses several instances without one database and one media store', () => {
    const base = { NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, APP_URL: 'https://burti.ge', INSTANCES: '2' };
    const message = problemsOf(base);
    expect(message).toMatch(/INSTANCES > 1 needs DATABASE_URL/);
    expect(message).toMatch(/INSTANCES > 1 needs a shared media store/);
    const withDatabase = { ...base, DATABASE_URL: 'postgres://db/burti' };
    expect(problemsOf(withDatabase)).toMatch(/shared media store/);
    expect(
      problemsOf({
        ...withDatabase,
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://media.burti.ge',
      }),
    ).toBe('');
    expect(problemsOf({ ...withDatabase, SHARED_DATA_DIR: 'true' })).toBe('');
  });

  it('starts with nothing set in development (the embedded default)', () => {
    expect(problemsOf({})).toBe('');
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxies', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.0.1.0/24')).toEqual(['10.0.0.1', '10.0.1.0/24']);
    expect(configFromEnv(readEnv({ DATA_DIR: '/tmp/burti-config-test' })).trustProxy).toBe(false);
    expect(() => readEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('.env', () => {
  it('is read at start from the first file found, without overriding the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'burti-dotenv-'));
    const file = join(dir, '.env');
    writeFileSync(file, 'BURTI_DOTENV_TEST_NEW=from-file\nBURTI_DOTENV_TEST_SET=from-file\n');
    process.env.BURTI_DOTENV_TEST_SET = 'from-environment';
    try {
      expect(loadDotEnv([join(dir, 'missing.env'), file])).toBe(file);
      expect(process.env.BURTI_DOTENV_TEST_NEW).toBe('from-file');
      expect(process.env.BURTI_DOTENV_TEST_SET).toBe('from-environment');
      expect(loadDotEnv([join(dir, 'missing.env')])).toBeUndefined();
    } finally {
      delete process.env.BURTI_DOTENV_TEST_NEW;
      delete process.env.BURTI_DOTENV_TEST_SET;
    }
  });
});
