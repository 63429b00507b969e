import { Bot, GrammyError } from 'grammy';
import { messages } from '../i18n/messages.js';
import { pushTargetPath, type DeliveryOutcome, type PushPayload } from './payload.js';

export type TelegramOptions = {
  botToken: string;
  /** https://api.telegram.org, overridable so tests talk to a local fake Bot API. */
  apiRoot: string;
  /** The app's public address: a button opens the post in the Mini App when it is https. */
  appUrl: string;
};

export type TelegramSender = {
  /** The message is the payload's body; the button speaks the recipient's language. */
  send(chatId: number, payload: PushPayload, language?: string | null): Promise<DeliveryOutcome>;
};

/** A bot message to fans who signed in through Telegram (their Telegram id is the private chat's id). */
export function createTelegramSender(options: TelegramOptions): TelegramSender {
  const bot = new Bot(options.botToken, {
    client: { apiRoot: options.apiRoot.replace(/\/$/, ''), timeoutSeconds: 10 },
  });
  // Telegram opens Mini Apps over https only.
  const canOpenApp = options.appUrl.startsWith('https://');
  return {
    async send(chatId, payload, language) {
      const path = pushTargetPath(payload);
      const words = messages(language);
      const button = {
        text: path.startsWith('/post/')
          ? words.viewPost
          : path.startsWith('/match/')
            ? words.viewMatch
            : words.viewProfile,
        url: options.appUrl + path,
      };
      try {
        await bot.api.sendMessage(
          chatId,
          payload.body,
          canOpenApp
            ? { reply_markup: { inline_keyboard: [[{ text: button.text, web_app: { url: button.url } }]] } }
            : {},
        );
        return 'sent';
      } catch (error) {
        // 400 (chat not found) and 403 (the fan blocked the bot) repeat on every retry; 429 and 5xx do not.
        if (error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403)) return 'rejected';
        throw error;
      }
    },
  };
}
