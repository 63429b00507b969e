import type { Me } from '@burti/shared';
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach } from 'vitest';
import { Providers } from '../app/providers';
import { i18nReady, setLanguage } from '../lib/i18n';
import { setPlatformForTests, type Platform } from '../lib/platform';
import { createQueryClient } from '../lib/query-client';
import { answer, fail, server } from './api';

export type RenderOptions = {
  /** The address the screen opens at. */
  route?: string;
  /** The route pattern `ui` is rendered under, so it reads its params (`/post/:postId`). */
  path?: string;
  /** A whole route tree instead of `ui` (guards, shells, screens: what the app's router holds). */
  routes?: RouteObject[];
  /** The language on screen (and of the signed-in fan's account). */
  language?: 'ka' | 'en';
  /** Who GET /api/me answers: a fan, or null for a visitor who is signed out (default: a fan with a club). */
  viewer?: Me | null;
  /** The shell the app runs in. */
  platform?: Platform;
};

export type Rendered = RenderResult & {
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  /** Where the router is now (after redirects and clicks). */
  pathname: () => string;
};

/** The app's query client, without retries (an error shows at once) and without cache between tests. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...defaults.queries, retry: false, gcTime: Infinity },
    mutations: { ...defaults.mutations, retry: false },
  });
  return client;
}

/**
 * Renders `ui` (or a route tree) inside the app's real providers: the query client, the account language,
 * the toaster, a memory router at `route`, i18n in `language`, the chosen platform, and the API of
 * testing/api.ts answering GET /api/me with `viewer`. Awaits the language's catalogue, so text is final.
 */
export async function renderWithProviders(ui: ReactNode, options: RenderOptions = {}): Promise<Rendered> {
  const { route = '/', path = '*', language = 'en', platform = 'web' } = options;
  await i18nReady;
  await setLanguage(language);
  setPlatformForTests(platform);
  // Without `viewer`, the default answer (a fan with a club, speaking the language on screen) or whatever the test
  // has already set with server.use.
  const { viewer } = options;
  if (viewer !== undefined) server.use(viewer ? answer('getMe', { me: viewer }) : fail('getMe', 'UNAUTHENTICATED'));

  const routes = options.routes ?? [{ path, element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const result = render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, router, queryClient, pathname: () => router.state.location.pathname };
}

afterEach(async () => {
  cleanup();
  setPlatformForTests('web');
  await setLanguage('en');
});
