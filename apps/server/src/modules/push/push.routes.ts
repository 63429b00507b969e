import {
  pushTokenInput,
  telegramMessagesInput,
  type TelegramMessagesState,
  webPushSubscriptionInput,
} from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PushConfig } from '../../lib/push/config.js';
import { assertSubscribableEndpoint } from '../../lib/push/endpoint-guard.js';
import { requireViewer } from '../../plugins/auth.js';
import {
  removeToken,
  removeWebSubscription,
  saveToken,
  saveWebSubscription,
  setTelegramMessages,
  telegramMessages,
} from './push.service.js';

/** GET /api/push/config: what a browser needs to subscribe (null when Web Push is not configured). */
export type PushConfigResponse = { webPushPublicKey: string | null };

const endpointInput = webPushSubscriptionInput.pick({ endpoint: true });
const tokenInput = pushTokenInput.pick({ token: true });

/** Where a signed-in device registers for push: browsers by Web Push subscription, the native app by token. */
export function pushRoutes(app: FastifyInstance, { db, push }: { db: Db; push: PushConfig | undefined }): void {
  app.get('/api/push/config', async (request): Promise<PushConfigResponse> => {
    await requireViewer(request);
    return { webPushPublicKey: push?.webPush?.publicKey ?? null };
  });

  app.put('/api/push/web-subscription', async (request, reply) => {
    const viewer = await requireViewer(request);
    const input = webPushSubscriptionInput.parse(request.body);
    await assertSubscribableEndpoint(input.endpoint, { allowLocal: push?.allowLocalWebPushEndpoints });
    await saveWebSubscription({ db, viewer, input, userAgent: request.headers['user-agent'] ?? null });
    return reply.status(204).send();
  });

  app.delete('/api/push/web-subscription', async (request, reply) => {
    const viewer = await requireViewer(request);
    const { endpoint } = endpointInput.parse(request.body);
    await removeWebSubscription({ db, viewer, endpoint });
    return reply.status(204).send();
  });

  app.put('/api/push/tokens', async (request, reply) => {
    const viewer = await requireViewer(request);
    const input = pushTokenInput.parse(request.body);
    await saveToken({ db, viewer, input });
    return reply.status(204).send();
  });

  app.delete('/api/push/tokens', async (request, reply) => {
    const viewer = await requireViewer(request);
    const { token } = tokenInput.parse(request.body);
    await removeToken({ db, viewer, token });
    return reply.status(204).send();
  });

  // The bot's Telegram messages, a channel of the account rather than of a device.
  const botConfigured = Boolean(push?.telegram);
  app.get('/api/push/telegram', async (request): Promise<TelegramMessagesState> => {
    const viewer = await requireViewer(request);
    return telegramMessages({ db, viewer, botConfigured });
  });

  app.put('/api/push/telegram', async (request): Promise<TelegramMessagesState> => {
    const viewer = await requireViewer(request);
    const { enabled } = telegramMessagesInput.parse(request.body ?? {});
    return setTelegramMessages({ db, viewer, botConfigured, enabled });
  });
}
