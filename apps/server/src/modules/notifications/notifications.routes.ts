import {
  notificationIdParams,
  type NotificationEvent,
  type NotificationListResponse,
  type UnreadCountResponse,
} from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Db } from '../../db/client.js';
import type { Realtime } from '../../lib/realtime.js';
import { requireViewer } from '../../plugins/auth.js';
import { listForViewer, readAll, readOne, unreadCountFor } from './notifications.service.js';

const HEARTBEAT_MS = 25_000;

export function notificationsRoutes(app: FastifyInstance, { db, realtime }: { db: Db; realtime: Realtime }): void {
  app.get('/api/notifications', async (request): Promise<NotificationListResponse> => {
    const viewer = await requireViewer(request);
    return listForViewer({ db, viewer });
  });

  app.get('/api/notifications/unread-count', async (request): Promise<UnreadCountResponse> => {
    const viewer = await requireViewer(request);
    return { unreadCount: await unreadCountFor(db, viewer) };
  });

  app.post('/api/notifications/:notificationId/read', async (request): Promise<UnreadCountResponse> => {
    const viewer = await requireViewer(request);
    const { notificationId } = notificationIdParams.parse(request.params);
    return { unreadCount: await readOne({ db, viewer, id: notificationId }) };
  });

  app.post('/api/notifications/read-all', async (request): Promise<UnreadCountResponse> => {
    const viewer = await requireViewer(request);
    await readAll({ db, viewer });
    return { unreadCount: 0 };
  });

  // Server-Sent Events: the unread count on connect, then every new notification and count change.
  const open = new Set<ServerResponse>();
  app.addHook('onClose', (_instance, done) => {
    for (const res of open) res.end();
    done();
  });
  app.get('/api/notifications/stream', async (request, reply) => {
    const viewer = await requireViewer(request);
    const res = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: NotificationEvent) => res.write(`event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`);
    open.add(res);
    const unsubscribe = realtime.subscribe(viewer.id, send);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    };
    request.raw.on('close', stop);
    res.write('retry: 3000\n\n');
    send({ kind: 'unread', unreadCount: await unreadCountFor(db, viewer) });
  });
}
