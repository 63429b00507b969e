// @vitest-environment happy-dom
import type { Notification } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { loadNamespaces } from '../../lib/i18n';
import { aMe } from '../../test/fixtures';
import { AppShell } from '../app-shell';
import { NotificationsRoute } from './notifications';

configure({ asyncUtilTimeout: 5000 });

const club = { id: 7, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' };
const ids = ['0b4a4f5e-0000-4000-8000-000000000001', '0b4a4f5e-0000-4000-8000-000000000002'];
const notification = (id: string): Notification => ({
  id,
  type: 'like',
  actor: { id: 'u2', nickname: 'levan', avatarUrl: null },
  actorCount: 1,
  preview: 'Great match',
  postId: `post-${id.slice(-1)}`,
  commentId: null,
  createdAt: new Date().toISOString(),
  readAt: null,
});

// The server: two unread notifications; reads answer only when `release` is called, so the test can look at
// the screen while the request is still on its way.
let read: Set<string>;
let pending: (() => void)[];
const release = () => pending.splice(0).forEach((answer) => answer());

beforeEach(() => {
  read = new Set();
  pending = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const json = (data: unknown, status = 200) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      const unreadCount = () => ids.filter((id) => !read.has(id)).length;
      const later = (apply: () => void) =>
        new Promise<Response>((resolve) =>
          pending.push(() => {
            apply();
            resolve(json({ unreadCount: unreadCount() }));
          }),
        );
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      if (path === '/api/me') return Promise.resolve(json({ me: aMe({ primaryClub: club }) }));
      if (path === '/api/notifications/unread-count') return Promise.resolve(json({ unreadCount: unreadCount() }));
      if (path === '/api/notifications')
        return Promise.resolve(
          json({
            notifications: ids.map((id) => ({
              ...notification(id),
              readAt: read.has(id) ? '2026-01-01T00:00:00Z' : null,
            })),
            unreadCount: unreadCount(),
          }),
        );
      if (path === '/api/notifications/read-all' && init?.method === 'POST')
        return later(() => ids.forEach((id) => read.add(id)));
      const one = /^\/api\/notifications\/([^/]+)\/read$/.exec(path);
      if (one && init?.method === 'POST') return later(() => read.add(one[1]!));
      return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderApp() {
  // The app's own freshness: a list seen 15 s ago is shown from the cache on coming back.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000 } } });
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          { path: '/notifications', element: <NotificationsRoute /> },
          { path: '/post/:postId', element: <p>The post</p> },
        ],
      },
    ],
    { initialEntries: ['/notifications'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

// The rail and the bottom bar each carry the badge; both show one count.
const badge = () => {
  const shown = screen.queryAllByTestId('unread-badge').map((element) => element.textContent);
  return shown.length === 0 ? null : new Set(shown).size === 1 ? shown[0]! : shown.join(' ≠ ');
};
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

// The route fetches the screen's strings with it (app/router.tsx).
beforeAll(() => loadNamespaces('notifications'));

describe('the unread count', () => {
  it(
    'clears in the badge and the heading the moment "Mark all read" is pressed, and stays clear',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      renderApp();
      await waitFor(() => expect(badge()).toBe('2'));
      expect(heading()).toContain('2 unread');

      await user.click(screen.getByRole('button', { name: 'Mark all read' }));
      // Before the server has answered.
      await waitFor(() => expect(badge()).toBeNull());
      expect(heading()).not.toContain('unread');

      release();
      await screen.findByText('All notifications marked as read');
      expect(badge()).toBeNull();
      expect(heading()).not.toContain('unread');
    },
  );

  it(
    'drops by one when a notification is opened, and is still lower after going back',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      const router = renderApp();
      await waitFor(() => expect(badge()).toBe('2'));

      const items = within(screen.getByRole('main')).getAllByRole('button', { name: /levan/ });
      await user.click(items[0]!);
      await screen.findByText('The post');
      await waitFor(() => expect(badge()).toBe('1'));
      release();

      await router.navigate(-1);
      await screen.findByRole('button', { name: 'Mark all read' });
      expect(heading()).toContain('1 unread');
      // Give any effect of the remounted list its chance to put the old count back.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(badge()).toBe('1');
      expect(heading()).toContain('1 unread');
    },
  );
});
