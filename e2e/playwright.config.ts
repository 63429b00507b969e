import { defineConfig } from '@playwright/test';
import { e2eDataDir, e2ePort } from './support/env';

const baseURL = `http://127.0.0.1:${e2ePort}`;

/**
 * Drives the built app on a real server in Debian's Chromium. The server gets a data dir of its own, and
 * a database of its own: E2E_DATABASE_URL (PostgreSQL, used by CI) or the embedded PGlite.
 */
export default defineConfig({
  projects: [
    { name: 'e2e', testDir: './tests' },
    { name: 'screens', testDir: './screens' },
  ],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // The API refuses cookie writes that do not come from the app's origin (CSRF check); the tests' direct API
    // calls (`page.request`) say where they come from, as the app's own requests do.
    extraHTTPHeaders: { origin: baseURL },
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(e2ePort),
      APP_URL: baseURL,
      DATA_DIR: e2eDataDir,
      RATE_LIMITS: 'false',
      ADMIN_EMAIL: 'admin@burti.test',
      // Signs the Mini App init data of tests/telegram.spec.ts (which uses the same token).
      TELEGRAM_BOT_TOKEN: '424242:e2e-telegram-bot-token',
      // tests/shells.spec.ts plays Telegram Web: a page on http://localhost:<any port> frames the app.
      FRAME_ANCESTORS: 'https://web.telegram.org,http://localhost:*',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATABASE_URL: '' }),
    },
  },
});
