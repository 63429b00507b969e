import { operations } from '@burti/shared';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { createTelegramBot } from '../../lib/telegram-bot.js';
import { route } from '../../plugins/contract.js';
import { signInWithTelegram } from './telegram.service.js';

export const WEBHOOK_PATH = '/api/telegram/webhook';
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** A cookie-setting POST from a page of another origin is refused, as better-auth refuses its own. */
function originProblem(request: FastifyRequest, trustedOrigins: string[]): AppError | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined && !trustedOrigins.includes(origin)) {
    return new AppError('FORBIDDEN', 'This origin may not sign in here.');
  }
  return undefined;
}

function sameSecret(received: string | string[] | undefined, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /api/auth/telegram (Mini App sign-in; a static route, so Fastify picks it before the better-auth
 * wildcard under /api/auth/*) and the bot: POST /api/telegram/webhook, or long polling.
 */
export function telegramRoutes(
  app: FastifyInstance,
  { db, auth, config }: { db: Db; auth: Auth; config: AppConfig },
): void {
  const telegram = config.telegram;

  route(
    app,
    operations.signInWithTelegram,
    async (request, reply) => {
      const result = await signInWithTelegram({
        db,
        auth,
        telegram,
        input: request.body,
        client: { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        log: request.log,
      });
      reply.header('set-cookie', result.cookie);
      reply.header('set-auth-token', result.token);
      reply.header('access-control-expose-headers', 'set-auth-token');
      reply.header('cache-control', 'no-store');
      return {
        token: result.token,
        user: { id: result.account.id, nickname: result.account.nickname },
        created: result.created,
      };
    },
    // Before the body is read: a page of another origin learns nothing about it.
    { preValidation: (request, _reply, done) => done(originProblem(request, config.trustedOrigins)) },
  );

  if (!telegram?.botToken || telegram.botMode === 'off') return;
  const bot: Bot = createTelegramBot({
    token: telegram.botToken,
    apiRoot: telegram.apiRoot,
    appUrl: config.appUrl,
    appName: config.appName,
    botUsername: telegram.botUsername,
    appShortName: telegram.appShortName,
    onError: (error) => app.log.warn({ err: error }, 'telegram bot update failed'),
  });

  if (telegram.botMode === 'webhook') {
    const secret = telegram.webhookSecret!;
    let ready: Promise<void> | undefined;
    app.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!sameSecret(request.headers[SECRET_HEADER], secret)) {
        throw new AppError('UNAUTHENTICATED', 'Wrong or missing Telegram secret token.');
      }
      const update = request.body as Update | null;
      if (!update || typeof update.update_id !== 'number') throw new AppError('VALIDATION', 'Not a Telegram update.');
      // bot.init() asks the Bot API who the bot is once; a failure is retried with the next update.
      ready ??= bot.init().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      await bot.handleUpdate(update);
      return reply.send({ ok: true });
    });
    // Tells Telegram where to send updates; the app keeps serving when Telegram can't be reached.
    app.addHook('onReady', (done) => {
      bot.api
        .setWebhook(`${config.appUrl}${WEBHOOK_PATH}`, { secret_token: secret, allowed_updates: ['message'] })
        .then(() => app.log.info('telegram webhook set'))
        .catch((error: unknown) => app.log.warn({ err: error }, 'telegram webhook not set'));
      done();
    });
  } else {
    // Long polling: one process per bot only (Telegram answers 409 to a second poller).
    app.addHook('onReady', (done) => {
      bot
        .start({ allowed_updates: ['message'], onStart: (me) => app.log.info(`telegram bot @${me.username} polling`) })
        .catch((error: unknown) => app.log.warn({ err: error }, 'telegram polling stopped'));
      done();
    });
    app.addHook('onClose', async () => {
      if (bot.isRunning()) await bot.stop();
    });
  }
}
