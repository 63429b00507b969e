import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from './env.js';
import { appLinksFromEnv, type AppLinksConfig } from './lib/app-links.js';
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
  /** Android App Links and iOS universal links of the native app (/.well-known/). */
  appLinks?: AppLinksConfig;
  /** Origins that may show the app in a frame (Telegram Web); the app's own always may. */
  frameAncestors?: string[];
};

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
    appLinks: appLinksFromEnv(env),
    frameAncestors: env.FRAME_ANCESTORS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
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
