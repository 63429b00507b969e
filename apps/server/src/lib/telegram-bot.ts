import { Bot, type Context } from 'grammy';
import type { InlineKeyboardButton, UserFromGetMe } from 'grammy/types';
import { languageOf } from '@burti/shared';
import { messages } from './i18n/messages.js';

/** A Telegram start parameter may use letters, digits, '_' and '-', up to 64 characters. */
const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;
const REFERRAL_START = /^ref_[A-Za-z0-9_-]{1,60}$/;

export type TelegramBotOptions = {
  token: string;
  /** The Bot API address (Telegram's, or a local fake in tests). */
  apiRoot: string;
  appUrl: string;
  appName: string;
  /** With the Mini App's short name, used for t.me links when the app is not served over HTTPS. */
  botUsername?: string;
  appShortName?: string;
  /** Known bot identity: skips the getMe call of bot.init(). */
  botInfo?: UserFromGetMe;
  onError?: (error: unknown) => void;
};

/** The referral start parameter in a /start payload, when it is one. */
export function referralStartParam(payload: string | undefined): string | null {
  const value = payload?.trim() ?? '';
  return REFERRAL_START.test(value) ? value : null;
}

/**
 * The button that opens the Mini App carrying the start parameter. A `web_app` button needs an HTTPS
 * address; otherwise (local development) a t.me link opens the bot's Mini App with `startapp`.
 */
export function miniAppButton(args: {
  text: string;
  appUrl: string;
  botUsername: string;
  appShortName?: string;
  startParam: string | null;
}): InlineKeyboardButton {
  const startParam = args.startParam && START_PARAM.test(args.startParam) ? args.startParam : null;
  if (args.appUrl.startsWith('https://')) {
    const url = new URL('/', args.appUrl);
    if (startParam) url.searchParams.set('startapp', startParam);
    return { text: args.text, web_app: { url: url.toString() } };
  }
  const path = args.appShortName ? `${args.botUsername}/${args.appShortName}` : args.botUsername;
  const link = new URL(`https://t.me/${path}`);
  // `t.me/bot?startapp` opens the bot's main Mini App; a named app needs the parameter only for a referral.
  if (startParam || !args.appShortName) link.searchParams.set('startapp', startParam ?? '');
  return { text: args.text, url: link.toString() };
}

/** The welcome in the language of the fan's Telegram app (`language_code`), English unless it is Georgian. */
export function welcomeText(appName: string, invited: boolean, language?: string | null): string {
  const words = messages(languageOf(language));
  const lines = words.botWelcome(appName);
  if (invited) lines.push('', words.botInvited);
  return lines.join('\n');
}

/** The bot: /start (with or without a `ref_` payload) answers with a welcome and the Mini App button. */
export function createTelegramBot(options: TelegramBotOptions): Bot {
  const bot = new Bot(options.token, { client: { apiRoot: options.apiRoot }, botInfo: options.botInfo });

  const answerStart = async (ctx: Context, payload: string | undefined) => {
    const startParam = referralStartParam(payload);
    const language = ctx.from?.language_code;
    const button = miniAppButton({
      text: messages(languageOf(language)).botOpen(options.appName),
      appUrl: options.appUrl,
      botUsername: options.botUsername ?? ctx.me.username,
      appShortName: options.appShortName,
      startParam,
    });
    await ctx.reply(welcomeText(options.appName, startParam !== null, language), {
      reply_markup: { inline_keyboard: [[button]] },
    });
  };

  bot.command('start', (ctx) => answerStart(ctx, typeof ctx.match === 'string' ? ctx.match : undefined));
  // Any other private message gets the way into the app as well.
  bot.chatType('private').on('message', (ctx) => answerStart(ctx, undefined));
  bot.catch((error) => options.onError?.(error.error));
  return bot;
}
