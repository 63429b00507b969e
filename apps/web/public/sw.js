/* Burti service worker: shows Web Push notifications and, when one is tapped, opens the screen it is about.
 * The payload is { type, post_id, user_id, user_nickname, title, body } (apps/server/src/lib/push/payload.ts). */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Burti', {
      body: data.body || '',
      icon: '/favicon.svg',
      data,
    }),
  );
});

/** like, comment, reply, reply_on_post, share → /post/{post_id}; follow → /profile/{user_nickname}. */
function targetPath(data) {
  if (data.type !== 'follow' && data.post_id) return `/post/${encodeURIComponent(data.post_id)}`;
  if (data.user_nickname) return `/profile/${encodeURIComponent(data.user_nickname)}`;
  return '/notifications';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(targetPath(event.notification.data || {}), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          await open.focus();
          await open.navigate(url);
          return;
        } catch {
          // A window this worker does not control cannot be navigated: open a new one instead.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
