import type { TelegramSignInResponse } from '@burti/shared';
import { call, endpoint, type CallInput } from '../../../lib/api';

const signInWithTelegramCall = endpoint('signInWithTelegram', 'POST', '/api/auth/telegram');

/** `initData` exactly as Telegram gave it, and `startParam`, the page address's `startapp` (the bot's button). */
export type TelegramSignInInput = CallInput<'signInWithTelegram'>['body'];

/** POST /api/auth/telegram: the server checks the init data and sets the session cookie. */
export function signInWithTelegram(input: Exclude<TelegramSignInInput, FormData>): Promise<TelegramSignInResponse> {
  return call(signInWithTelegramCall, { body: input });
}
