import { operations } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PushConfig } from '../../lib/push/config.js';
import { assertSubscribableEndpoint } from '../../lib/push/endpoint-guard.js';
import { route } from '../../plugins/contract.js';
import {
  removeToken,
  removeWebSubscription,
  saveToken,
  saveWebSubscription,
  setTelegramMessages,
  telegramMessages,
} from './push.service.js';

/** Where a signed-in device registers for push: browsers by Web Push subscription, the native app by token. */
export function pushRoutes(app: FastifyInstance, { db, push }: { db: Db; push: PushConfig | undefined }): void {
  route(app, operations.getPushConfig, () => ({ webPushPublicKey: push?.webPush?.publicKey ?? null }));

  route(app, operations.saveWebPushSubscription, async (request, reply, viewer) => {
    const input = request.body;
    await assertSubscribableEndpoint(input.endpoint, { allowLocal: push?.allowLocalWebPushEndpoints });
    await saveWebSubscription({ db, viewer, input, userAgent: request.headers['user-agent'] ?? null });
    return reply.status(204).send();
  });

  route(app, operations.deleteWebPushSubscription, async (request, reply, viewer) => {
    await removeWebSubscription({ db, viewer, endpoint: request.body.endpoint });
    return reply.status(204).send();
  });

  route(app, operations.savePushToken, async (request, reply, viewer) => {
    await saveToken({ db, viewer, input: request.body });
    return reply.status(204).send();
  });

  route(app, operations.deletePushToken, async (request, reply, viewer) => {
    await removeToken({ db, viewer, token: request.body.token });
    return reply.status(204).send();
  });

  // The bot's Telegram messages, a channel of the account rather than of a device.
  const botConfigured = Boolean(push?.telegram);
  route(app, operations.getTelegramMessages, async (_request, _reply, viewer) =>
    telegramMessages({ db, viewer, botConfigured }),
  );

  route(app, operations.setTelegramMessages, async (request, _reply, viewer) =>
    setTelegramMessages({ db, viewer, botConfigured, enabled: request.body.enabled }),
  );
}
