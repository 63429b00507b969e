import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from './env.js';
import { appLinksFromEnv, type AppLinksConfig } from './lib/app-links.js';
import { footballConfigFromEnv, type FootballConfig } from './lib/football-config.js';
import { pushConfigFromEnv, type PushConfig } from './lib/push/config.js';
import type { S3StorageOptions } from './lib/storage-s3.js';
import { telegramConfigFromEnv, type TelegramConfig } from './lib/telegram-config.js';

export type AppConfig = {
  appName: string;
  appUrl: string;
  dataDir: string;
  mediaDir: string;
  outboxDir: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail?: string;
  authSecret: string;
  trustedOrigins: string[];
  rateLimits: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Media in an S3-compatible bucket instead of DATA_DIR/media. */
  s3?: S3StorageOptions;
  /** The built web app to serve; absent in API-only tests. */
  webDistDir?: string;
  /** Run the job queue (pg-boss) and its workers; off, enqueueing does nothing (most tests). */
  jobs: boolean;
  /** How often idle queue workers poll, in seconds (default 2; pg-boss allows 0.5 at the least). */
  jobPollingSeconds?: number;
  /** Push channels (Web Push, FCM, Telegram); each is used only when configured. */
  push?: PushConfig;
  /** Telegram Mini App sign-in and the bot; off without a bot token. */
  telegram?: TelegramConfig;
  /**
   * How long a signed-in viewer is remembered per credential (default 300 s; 0 looks the session up every time).
   * Revocations on any instance reach every other one at once; this bounds changes made past the API.
   */
  viewerCacheSeconds?: number;
  /** API requests admitted or waiting beyond which new ones are answered 503 at once; 0 is no bound. */
  maxInFlight?: number;
  /** API requests served at once, the others waiting their turn (0: all at once). */
  apiConcurrency?: number;
  /** How long a request may wait for its turn before it is answered 503 (default 800 ms). */
  maxQueueWaitMs?: number;
  /** Whose X-Forwarded-For is believed: nobody (false), the nearest N hops, or these proxy addresses/CIDRs. */
  trustProxy?: TrustProxy;
  /** Redis for shared rate-limit counters (and readiness); without it the counters live in the database. */
  redis?: { url: string; keyPrefix: string };
  /** Bearer token that opens GET /metrics; without one the endpoint is off. */
  metricsToken?: string;
  /** JSON logs (production) or pretty ones (development). */
  prettyLogs?: boolean;
  /** Shed load (503) past this event-loop delay, on PostgreSQL; 0 or unset: off (in-process tests). */
  maxEventLoopDelayMs?: number;
  /** Android App Links and iOS universal links of the native app (/.well-known/). */
  appLinks?: AppLinksConfig;
  /** Origins that may show the app in a frame (Telegram Web); the app's own always may. */
  frameAncestors?: string[];
  /** Football data providers and what to follow; absent (no token or key), fixtures are entered by hand. */
  football?: FootballConfig;
};

export type TrustProxy = false | number | string[];

/** Settings main.ts needs around the app: the database and shutdown. */
export type ProcessConfig = {
  databaseUrl?: string;
  databasePoolSize: number;
  /** Bounds on waiting for PostgreSQL: a connection, and a statement (decision 009). */
  databaseTimeouts: { connectMs: number; statementMs: number };
  shutdownTimeoutMs: number;
};

/** The whole list of what is wrong, so an operator fixes the configuration in one go. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Refusing to start:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** TRUST_PROXY: `false` (default), a hop count, or a comma-separated list of proxy addresses or CIDRs. */
export function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * What production needs to be safe: a fixed secret (a generated one differs per machine), the public address
 * (mailed links), and, with several instances, one database and one media store that all of them share.
 */
export function configProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production') {
    if (!env.BETTER_AUTH_SECRET) problems.push('BETTER_AUTH_SECRET is required in production (32+ random characters).');
    if (!env.APP_URL) problems.push('APP_URL is required in production (the public https:// address).');
  }
  if (env.INSTANCES > 1) {
    if (!env.DATABASE_URL) problems.push('INSTANCES > 1 needs DATABASE_URL: the embedded database serves one process.');
    if (!env.BETTER_AUTH_SECRET && !env.SHARED_DATA_DIR) {
      problems.push('INSTANCES > 1 needs BETTER_AUTH_SECRET, the same on every instance.');
    }
    if (!env.S3_BUCKET && !env.SHARED_DATA_DIR) {
      problems.push(
        'INSTANCES > 1 needs a shared media store: S3_BUCKET, or SHARED_DATA_DIR=true when DATA_DIR is one volume mounted by every instance.',
      );
    }
  }
  return problems;
}

export function processConfigFromEnv(env: Env): ProcessConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseTimeouts: { connectMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_S * 1000,
  };
}

/** Reads the secret from the environment, or keeps a generated one in DATA_DIR so restarts keep sessions. */
function authSecret(env: Env, dataDir: string): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function configFromEnv(env: Env, webDistDir?: string): AppConfig {
  const problems = configProblems(env);
  if (problems.length) throw new ConfigError(problems);
  const dataDir = resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    appName: env.APP_NAME,
    appUrl,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    outboxDir: join(dataDir, 'outbox'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${new URL(appUrl).hostname}>`,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    authSecret: authSecret(env, dataDir),
    trustedOrigins: [
      appUrl,
      `http://localhost:${env.PORT}`,
      `http://127.0.0.1:${env.PORT}`,
      'http://localhost:5173',
      'capacitor://localhost',
      'https://localhost',
      ...(env.TRUSTED_ORIGINS?.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean) ?? []),
    ],
    rateLimits: env.RATE_LIMITS,
    s3: s3Options(env),
    logLevel: env.LOG_LEVEL,
    webDistDir,
    jobs: env.JOBS,
    push: pushConfigFromEnv(env, appUrl, env.ADMIN_EMAIL),
    telegram: telegramConfigFromEnv(env),
    viewerCacheSeconds: env.VIEWER_CACHE_SECONDS,
    // The embedded database runs one query at a time: a few requests are served at once, the others wait their
    // turn in order, and none waits longer than MAX_QUEUE_WAIT_MS (see plugins/load-shedding.ts).
    maxInFlight: env.MAX_IN_FLIGHT ?? (env.DATABASE_URL ? 0 : 48),
    apiConcurrency: env.API_CONCURRENCY ?? (env.DATABASE_URL ? 0 : 4),
    maxQueueWaitMs: env.MAX_QUEUE_WAIT_MS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    metricsToken: env.METRICS_TOKEN,
    prettyLogs: env.NODE_ENV === 'development',
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    appLinks: appLinksFromEnv(env),
    frameAncestors: env.FRAME_ANCESTORS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    football: footballConfigFromEnv(env),
  };
}

function s3Options(env: Env): S3StorageOptions | undefined {
  if (!env.S3_BUCKET) return undefined;
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY || !env.S3_PUBLIC_URL) {
    throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL as well.');
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicBaseUrl: env.S3_PUBLIC_URL,
  };
}
