import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearReturnTo } from '../lib/return-to';
import { AnonymousOnly, RequireAdmin, RequireAuth, RequireClub } from './guards';
import { aFan, fail, hang, renderWithProviders, requestsTo, server } from '../testing';

// A page kept for after sign-in (lib/return-to) belongs to the test that made it.
afterEach(() => clearReturnTo());

/** The guards as the app's router nests them, each screen a line of text. */
const routes: RouteObject[] = [
  { path: '/', element: <p>landing screen</p> },
  { element: <AnonymousOnly />, children: [{ path: '/auth', element: <p>auth screen</p> }] },
  {
    element: <RequireAuth />,
    children: [
      { path: '/onboarding', element: <p>onboarding screen</p> },
      { element: <RequireClub />, children: [{ path: '/feed', element: <p>feed screen</p> }] },
      { path: '/search', element: <p>search screen</p> },
      { path: '/admin', element: <RequireAdmin />, children: [{ index: true, element: <p>admin screen</p> }] },
    ],
  },
];

describe('routing guards', () => {
  it('sends a signed-out visitor to /auth, remembering where they were going', async () => {
    const { router, pathname } = await renderWithProviders(null, {
      routes,
      route: '/feed?tab=following',
      viewer: null,
    });
    expect(await screen.findByText('auth screen')).toBeTruthy();
    expect(pathname()).toBe('/auth');
    expect(router.state.location.state).toEqual({ from: '/feed?tab=following' });
  });

  it('shows a signed-in fan with a club the screen they asked for', async () => {
    const { pathname } = await renderWithProviders(null, { routes, route: '/feed' });
    expect(await screen.findByText('feed screen')).toBeTruthy();
    expect(pathname()).toBe('/feed');
  });

  it('sends a fan without a club to onboarding before the feed, but not away from screens that need none', async () => {
    const noClub = aFan({ primaryClub: null });
    const first = await renderWithProviders(null, { routes, route: '/feed', viewer: noClub });
    expect(await screen.findByText('onboarding screen')).toBeTruthy();
    expect(first.pathname()).toBe('/onboarding');
    first.unmount();

    await renderWithProviders(null, { routes, route: '/search', viewer: noClub });
    expect(await screen.findByText('search screen')).toBeTruthy();
  });

  it('keeps the admin area for administrators: anyone else goes back to the feed', async () => {
    const fan = await renderWithProviders(null, { routes, route: '/admin' });
    expect(await screen.findByText('feed screen')).toBeTruthy();
    expect(fan.pathname()).toBe('/feed');
    fan.unmount();

    await renderWithProviders(null, { routes, route: '/admin', viewer: aFan({ isAdmin: true }) });
    expect(await screen.findByText('admin screen')).toBeTruthy();
  });

  it('sends a signed-in fan who opens /auth to the start', async () => {
    const { pathname } = await renderWithProviders(null, { routes, route: '/auth' });
    expect(await screen.findByText('landing screen')).toBeTruthy();
    expect(pathname()).toBe('/');
  });

  it('shows the splash while the fan is being looked up', async () => {
    server.use(hang('getMe'));
    await renderWithProviders(null, { routes, route: '/feed' });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('feed screen')).toBeNull();
  });

  it('offers a retry when the lookup fails, in the fan’s language, and the retry asks again', async () => {
    server.use(fail('getMe', 'INTERNAL', { once: true }));
    const { user } = await renderWithProviders(null, { routes, route: '/feed', language: 'ka' });
    const retry = await screen.findByRole('button', { name: 'ხელახლა ცდა' });
    expect(screen.getByText('შეცდომა')).toBeTruthy();
    await user.click(retry);
    expect(await screen.findByText('feed screen')).toBeTruthy();
    expect(requestsTo('getMe')).toHaveLength(2);
  });
});
