import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { meKeys } from '../features/auth/api/get-me';
import { clearReturnTo, peekReturnTo } from '../lib/return-to';
import { aClub, aFan, answer, renderWithProviders, server } from '../testing';
import { AnonymousOnly, RequireAuth } from './guards';
import { OnboardingRoute } from './routes/onboarding';

afterEach(() => clearReturnTo());

const dinamo = aClub();
const routes: RouteObject[] = [
  { path: '/', element: <p>landing screen</p> },
  { element: <AnonymousOnly />, children: [{ path: '/auth', element: <p>auth screen</p> }] },
  {
    element: <RequireAuth />,
    children: [
      { path: '/onboarding', element: <OnboardingRoute /> },
      { path: '/feed', element: <p>feed screen</p> },
      { path: '/post/:postId', element: <p>the shared post</p> },
    ],
  },
];

describe('a shared link through sign-up, confirmation and the club choice', () => {
  it('lands the new fan on the post they opened once their club is chosen', async () => {
    // Signed out, the visitor opens a shared post and is asked to sign in (or up).
    const { queryClient, pathname, user } = await renderWithProviders(null, {
      routes,
      route: '/post/p1',
      viewer: null,
    });
    expect(await screen.findByText('auth screen')).toBeTruthy();
    expect(peekReturnTo()).toBe('/post/p1');

    // They sign up and confirm: the same browser now has a session of a fan without a club, and the auth
    // screen sends them on to the kept page.
    const newcomer = aFan({ primaryClub: null });
    server.use(answer('getMe', { me: newcomer }), answer('listClubs', { clubs: [dinamo] }));
    await queryClient.invalidateQueries({ queryKey: meKeys.all });

    // A new fan chooses a club first…
    expect(await screen.findByRole('heading', { name: 'Choose Your Club' }, { timeout: 5000 })).toBeTruthy();
    expect(pathname()).toBe('/onboarding');
    server.use(answer('setClub', { me: { ...newcomer, primaryClub: dinamo } }));
    await user.click(await screen.findByRole('button', { name: /Dinamo Tbilisi/ }));
    await user.click(screen.getByRole('button', { name: 'Join Dinamo Tbilisi Community' }));

    // …and then lands on the post, with nothing kept any more.
    expect(await screen.findByText('the shared post', {}, { timeout: 5000 })).toBeTruthy();
    expect(pathname()).toBe('/post/p1');
    expect(peekReturnTo()).toBeNull();
  }, 30_000);

  it('a fan choosing a club with no shared link goes to the feed as before', async () => {
    server.use(answer('listClubs', { clubs: [dinamo] }));
    const newcomer = aFan({ primaryClub: null });
    server.use(answer('setClub', { me: { ...newcomer, primaryClub: dinamo } }));
    const { user, pathname } = await renderWithProviders(null, { routes, route: '/onboarding', viewer: newcomer });
    await user.click(await screen.findByRole('button', { name: /Dinamo Tbilisi/ }));
    await user.click(screen.getByRole('button', { name: 'Join Dinamo Tbilisi Community' }));
    expect(await screen.findByText('feed screen', {}, { timeout: 5000 })).toBeTruthy();
    expect(pathname()).toBe('/feed');
  }, 30_000);
});
