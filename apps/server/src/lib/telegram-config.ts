import type { Env } from '../env.js';

export type TelegramBotMode = 'webhook' | 'polling' | 'off';

/** Telegram Mini App sign-in and the bot. Without a bot token both are off. */
export type TelegramConfig = {
  /** The bot's token: signs the Mini App's init data and drives the bot. */
  botToken?: string;
  /** The Bot API address; tests point it at a local fake. */
  apiRoot: string;
  /** Init data older than this is refused; 0 turns the check off. */
  authMaxAgeSeconds: number;
  botMode: TelegramBotMode;
  /** Checked against the X-Telegram-Bot-Api-Secret-Token header of webhook calls. */
  webhookSecret?: string;
  /** For t.me links (default: the bot's own username from getMe). */
  botUsername?: string;
  /** The Mini App's short name in BotFather, for t.me/{bot}/{app} links. */
  appShortName?: string;
};

export function telegramConfigFromEnv(env: Env): TelegramConfig {
  const config: TelegramConfig = {
    botToken: env.TELEGRAM_BOT_TOKEN,
    apiRoot: env.TELEGRAM_API_ROOT.replace(/\/$/, ''),
    authMaxAgeSeconds: env.TELEGRAM_AUTH_MAX_AGE_S,
    botMode: env.TELEGRAM_BOT_MODE,
    webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
    botUsername: env.TELEGRAM_BOT_USERNAME?.replace(/^@/, ''),
    appShortName: env.TELEGRAM_APP_SHORT_NAME,
  };
  if (config.botMode !== 'off' && !config.botToken) {
    throw new Error(`TELEGRAM_BOT_MODE=${config.botMode} needs TELEGRAM_BOT_TOKEN.`);
  }
  if (config.botMode === 'webhook' && !config.webhookSecret) {
    throw new Error('TELEGRAM_BOT_MODE=webhook needs TELEGRAM_WEBHOOK_SECRET (Telegram sends it with every update).');
  }
  return config;
}
