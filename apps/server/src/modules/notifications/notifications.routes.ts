import { operations, type NotificationEvent } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { openEventStream } from '../../lib/event-stream.js';
import type { PublishedEvent, Realtime } from '../../lib/realtime.js';
import { route } from '../../plugins/contract.js';
import { listForViewer, readAll, readOne, unreadCountFor } from './notifications.service.js';

export function notificationsRoutes(app: FastifyInstance, { db, realtime }: { db: Db; realtime: Realtime }): void {
  route(app, operations.listNotifications, async (_request, _reply, viewer) => listForViewer({ db, viewer }));

  route(app, operations.getUnreadCount, async (_request, _reply, viewer) => ({
    unreadCount: await unreadCountFor(db, viewer),
  }));

  route(app, operations.readNotification, async (request, _reply, viewer) => ({
    unreadCount: await readOne({ db, viewer, id: request.params.notificationId }),
  }));

  route(app, operations.readAllNotifications, async (_request, _reply, viewer) => {
    await readAll({ db, viewer });
    return { unreadCount: 0 };
  });

  // Server-Sent Events: the unread count on connect, then every new notification and count change. On shutdown
  // the realtime hub ends each stream with a short `retry:` so the browser reconnects (to another instance).
  route(app, operations.streamNotifications, async (request, reply, viewer) => {
    // Read before the stream opens, so a database outage is a clear 503 rather than a stream that never starts.
    const unreadCount = await unreadCountFor(db, viewer);
    const stream = openEventStream({ request, reply, realtime });
    const send = (event: NotificationEvent) => stream.send(event.kind, JSON.stringify(event));
    const sendUnread = () =>
      unreadCountFor(db, viewer).then(
        (unreadCount) => send({ kind: 'unread', unreadCount }),
        (err: unknown) => request.log.warn({ err }, 'could not resend the unread count'),
      );
    // A new notification arrives without the unread count (writers do not count): read it here, one event after
    // the other so the client sees them in order.
    let delivering = Promise.resolve();
    const forward = (event: PublishedEvent) => {
      delivering = delivering.then(async () => {
        if (event.kind !== 'notification') return void send(event);
        try {
          send({ ...event, unreadCount: await unreadCountFor(db, viewer) });
        } catch (err) {
          request.log.warn({ err }, 'could not read the unread count for a new notification');
        }
      });
    };
    stream.onEnd(realtime.subscribe(viewer.id, forward));
    // Events sent while the LISTEN connection was down are lost: bring the count up to date when it is back.
    stream.onEnd(realtime.onResync(() => void sendUnread()));
    send({ kind: 'unread', unreadCount });
    return reply;
  });
}
