import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';

/** The server's TELEGRAM_BOT_TOKEN (playwright.config.ts webServer.env). */
export const BOT_TOKEN = '424242:e2e-telegram-bot-token';

/** Signs fields as Telegram does ("Validating data received via the Mini App") and returns the init data. */
export function signInitData(fields: Record<string, string>): string {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

export type FakeTelegram = { calls: string[] };

/** What Telegram's script would put on the page: window.Telegram.WebApp with the launch's init data. */
export async function openInTelegram(page: Page, initData: string, path = '/') {
  await page.addInitScript((data) => {
    const calls: string[] = [];
    const record = (name: string) => () => void calls.push(name);
    (window as unknown as { __telegram: FakeTelegram }).__telegram = { calls };
    (window as unknown as { Telegram: unknown }).Telegram = {
      WebApp: {
        initData: data,
        initDataUnsafe: {},
        version: '8.0',
        colorScheme: 'light',
        themeParams: { bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#111111' },
        viewportStableHeight: 700,
        ready: record('ready'),
        expand: record('expand'),
        onEvent: () => undefined,
        offEvent: () => undefined,
        openLink: (url: string) => void calls.push(`openLink ${url}`),
        BackButton: {
          show: record('back.show'),
          hide: record('back.hide'),
          onClick: () => undefined,
          offClick: () => undefined,
        },
      },
    };
  }, initData);
  await page.goto(path);
}
