import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPushPayload } from './payload.js';
import { createTelegramSender } from './telegram.js';
import { startRecordingServer } from './testing.js';

const BOT_TOKEN = '123456:TEST-token';
const postId = '0d4c1b5e-7f0a-4f6e-8c59-2a1b3c4d5e6f';
const like = buildPushPayload({ appName: 'Burti', type: 'like', postId, actorId: 'a1', actorNickname: 'Khvicha' });
const follow = buildPushPayload({
  appName: 'Burti',
  type: 'follow',
  postId: null,
  actorId: 'a1',
  actorNickname: 'Khvicha',
});

let botApi: Awaited<ReturnType<typeof startRecordingServer>>;
let answer: { status: number; json: unknown };
const ok = { status: 200, json: { ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } } };
beforeAll(async () => {
  botApi = await startRecordingServer(() => answer);
});
afterAll(async () => botApi.close());

const lastCall = () => {
  const request = botApi.requests.at(-1)!;
  return { path: request.path, body: JSON.parse(request.body.toString()) };
};

describe('Telegram sender', () => {
  it('messages the chat through the Bot API with a button that opens the post in the Mini App', async () => {
    answer = ok;
    const telegram = createTelegramSender({ botToken: BOT_TOKEN, apiRoot: botApi.url, appUrl: 'https://burti.ge' });
    expect(await telegram.send(777000111, like)).toBe('sent');
    expect(lastCall()).toEqual({
      path: `/bot${BOT_TOKEN}/sendMessage`,
      body: {
        chat_id: 777000111,
        text: 'Khvicha liked your post',
        reply_markup: {
          inline_keyboard: [[{ text: 'View post', web_app: { url: `https://burti.ge/post/${postId}` } }]],
        },
      },
    });

    await telegram.send(777000111, follow);
    expect(lastCall().body.reply_markup.inline_keyboard[0][0].web_app.url).toBe('https://burti.ge/profile/Khvicha');
  });

  it('sends the text alone when the app is not served over https', async () => {
    answer = ok;
    const telegram = createTelegramSender({
      botToken: BOT_TOKEN,
      apiRoot: botApi.url,
      appUrl: 'http://localhost:3000',
    });
    await telegram.send(42, like);
    expect(lastCall().body).toEqual({ chat_id: 42, text: 'Khvicha liked your post' });
  });

  it('gives up on a chat that blocked the bot, and throws when Telegram is overloaded', async () => {
    const telegram = createTelegramSender({ botToken: BOT_TOKEN, apiRoot: botApi.url, appUrl: 'https://burti.ge' });
    answer = {
      status: 403,
      json: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
    };
    expect(await telegram.send(42, like)).toBe('rejected');
    answer = {
      status: 429,
      json: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 1 } },
    };
    await expect(telegram.send(42, like)).rejects.toThrow(/Too Many Requests/);
  });
});
