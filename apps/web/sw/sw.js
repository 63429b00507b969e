/* Burti service worker.
 *
 * 1. The app shell works offline: index.html and the entry's scripts and styles are cached when the worker
 *    installs (the build writes their names into PRECACHE below), the hashed files under /assets/ the app loads
 *    later are kept as they are fetched (they never change), and a page opened without a network gets the cached
 *    shell, which then shows its own "You're offline" screen and retries when the connection is back.
 *    API calls (/api/) and media are never cached here: they carry the fan's private data.
 * 2. Web Push: shows notifications and, when one is tapped, opens the screen it is about. The payload is
 *    { type, post_id, user_id, user_nickname, title, body }, and match_id for a match alert
 *    (apps/server/src/lib/push/payload.ts). */

/** Filled in at build time (vite.config.ts): the build's id and the app shell's files. */
const BUILD = '__BURTI_BUILD__';
const PRECACHE = __BURTI_PRECACHE__;
const SHELL_CACHE = `burti-shell-${BUILD}`;
const ASSET_CACHE = 'burti-assets';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(PRECACHE);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith('burti-') && !keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** Pages: the network first (a deploy shows at once), the cached shell when there is no network. */
async function page(request) {
  try {
    const response = await fetch(request);
    // Every page of the app is the same shell; anything else opened as a page (a JSON file) is not kept.
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put('/index.html', response.clone());
    }
    return response;
  } catch {
    const cached = await caches.match('/index.html');
    return cached ?? Response.error();
  }
}

/** Hashed build files: the cache first, as a file of a given name never changes. */
async function asset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(asset(request));
  }
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
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data,
    }),
  );
});

/** match_alert → /match/{match_id}; like, comment, reply, reply_on_post, share → /post/{post_id}; follow →
 * /profile/{user_nickname}. */
function targetPath(data) {
  if (data.match_id) return `/match/${encodeURIComponent(data.match_id)}`;
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
