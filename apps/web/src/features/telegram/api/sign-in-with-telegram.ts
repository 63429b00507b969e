import { api } from '../../../lib/api';

export type TelegramSignInInput = {
  /** `Telegram.WebApp.initData`, exactly as Telegram gave it. */
  initData: string;
  /** `startapp` of the page address (the bot's button); the server prefers the signed one in the init data. */
  startParam?: string;
};

export type TelegramSignInResponse = {
  token: string;
  user: { id: string; nickname: string };
  created: boolean;
};

/** POST /api/auth/telegram: the server checks the init data and sets the session cookie. */
export function signInWithTelegram(input: TelegramSignInInput): Promise<TelegramSignInResponse> {
  return api<TelegramSignInResponse>('POST', '/api/auth/telegram', input);
}
