import { z } from 'zod';
import { DEFAULT_APP_NAME } from '@burti/shared';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_QUEUE_WAIT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  DEFAULT_VIEWER_CACHE_SECONDS,
} from './defaults.js';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  APP_NAME: z.string().min(1).default(DEFAULT_APP_NAME),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  RATE_LIMITS: booleanFlag.default(true),
  VIEWER_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(DEFAULT_VIEWER_CACHE_SECONDS),
  MAX_IN_FLIGHT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).optional()),
  API_CONCURRENCY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).optional(),
  ),
  MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(DEFAULT_MAX_QUEUE_WAIT_MS),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('auto'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Job queue (pg-boss) and push delivery; each push channel is used only when its variables are set.
  JOBS: booleanFlag.default(true),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: booleanFlag.default(false),
  FCM_PROJECT_ID: z.string().optional(),
  FCM_CLIENT_EMAIL: z.string().optional(),
  FCM_PRIVATE_KEY: z.string().optional(),
  FCM_ENDPOINT: z.url().default('https://fcm.googleapis.com'),
  FCM_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  // Telegram Mini App sign-in and the bot (TELEGRAM_BOT_TOKEN above signs the Mini App's init data).
  TELEGRAM_AUTH_MAX_AGE_S: z.coerce.number().int().min(0).default(3600),
  TELEGRAM_BOT_MODE: z.enum(['webhook', 'polling', 'off']).default('off'),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, "1-256 characters: letters, digits, '_' and '-'")
    .optional(),
  TELEGRAM_BOT_USERNAME: z.string().optional(),
  TELEGRAM_APP_SHORT_NAME: z.string().optional(),
  // Running for real: proxies, several instances, shared stores, health and metrics.
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d+|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*)$/, 'false, a hop count, or proxy addresses/CIDRs')
    .default('false'),
  INSTANCES: z.coerce.number().int().min(1).default(1),
  SHARED_DATA_DIR: booleanFlag.default(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('burti:'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  // Bounded waits on PostgreSQL (decision 009): a connection, and a statement's run; past them a request answers 503.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_CONNECT_TIMEOUT_MS),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_STATEMENT_TIMEOUT_MS),
  METRICS_TOKEN: z.string().min(16).optional(),
  SHUTDOWN_TIMEOUT_S: z.coerce.number().min(1).max(120).default(10),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  // Football data providers (decision 022): none without a token or key, and fixtures are entered by hand.
  FOOTBALL_DATA_TOKEN: z.string().optional(),
  FOOTBALL_DATA_URL: z.url().default('https://api.football-data.org'),
  API_FOOTBALL_KEY: z.string().optional(),
  API_FOOTBALL_URL: z.url().default('https://v3.football.api-sports.io'),
  FOOTBALL_COMPETITIONS: z.string().optional(),
  FOOTBALL_BUDGET_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  FOOTBALL_BUDGET_PER_DAY: z.coerce.number().int().min(1).default(100),
  FOOTBALL_LIVE_POLL_S: z.coerce.number().int().min(2).max(600).default(15),
  // Native app links (served at /.well-known/): Android package and signing-certificate fingerprints, iOS app ids.
  ANDROID_APP_PACKAGE: z.string().default('ge.burti.app'),
  ANDROID_CERT_SHA256: z.string().optional(),
  IOS_APP_IDS: z.string().optional(),
  // Who may embed the app in a frame (CSP frame-ancestors), comma separated: Telegram Web by default.
  FRAME_ANCESTORS: z.string().default('https://web.telegram.org'),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Loads the first `.env` file found among `paths` into process.env; variables already set in the environment
 * win over the file. Returns the file read, if any.
 */
export function loadDotEnv(paths: string[] = ['.env']): string | undefined {
  for (const path of paths) {
    try {
      process.loadEnvFile(path);
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}

/** The one place that reads process.env. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}
