import { act, screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppShell } from './app-shell';
import { aFan, answer, renderWithProviders, requestsTo, server } from '../testing';

const page = (name: string) => <p>{name} screen</p>;
const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: ['/feed', '/club', '/notifications', '/profile', '/settings', '/post/new', '/onboarding'].map((path) => ({
      path,
      element: page(path.slice(1)),
    })),
  },
];

/** The phone's bottom bar (the last "Main" navigation; the side rail is the first). */
const bottomBar = (name = 'Main') => screen.getAllByRole('navigation', { name }).at(-1)!;

describe('the app shell', () => {
  it('shows the four tabs and Create in English, the current tab marked', async () => {
    await renderWithProviders(null, { routes, route: '/club' });
    expect(await screen.findByText('club screen')).toBeTruthy();
    const bar = within(bottomBar());
    expect(bar.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Feed',
      'Club',
      'Notifi\u00adcationsNotifications',
      'Profile',
    ]);
    expect(bar.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(bar.getByRole('link', { name: 'Club' }).getAttribute('aria-current')).toBe('page');
    expect(bar.getByRole('link', { name: 'Feed' }).getAttribute('aria-current')).toBeNull();
  });

  it('speaks Georgian', async () => {
    await renderWithProviders(null, { routes, route: '/feed', language: 'ka' });
    expect(await screen.findByText('feed screen')).toBeTruthy();
    const bar = within(bottomBar('მთავარი მენიუ'));
    for (const name of ['ლენტა', 'კლუბი', 'შეტყობინებები', 'პროფილი'])
      expect(bar.getByRole('link', { name })).toBeTruthy();
    expect(bar.getByRole('button', { name: 'დაწერა' })).toBeTruthy();
    expect(bar.getByRole('link', { name: 'ლენტა' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves to a tab on a tap, and marks Profile on the settings screen too', async () => {
    const { user, router, pathname } = await renderWithProviders(null, { routes, route: '/feed' });
    await user.click(within(bottomBar()).getByRole('link', { name: 'Notifications' }));
    expect(await screen.findByText('notifications screen')).toBeTruthy();
    expect(pathname()).toBe('/notifications');
    expect(within(bottomBar()).getByRole('link', { name: 'Notifications' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(bottomBar()).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByText('profile screen')).toBeTruthy();
    expect(within(bottomBar()).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');

    // Settings belongs to the Profile tab: it is drawn as the current one (NavLink itself only marks /profile as
    // aria-current, so the mark a fan sees is the tab's colour).
    await act(() => router.navigate('/settings'));
    expect(await screen.findByText('settings screen')).toBeTruthy();
    expect(within(bottomBar()).getByRole('link', { name: 'Profile' }).className).toContain('text-brand');
    expect(within(bottomBar()).getByRole('link', { name: 'Notifications' }).className).not.toContain('text-brand');
  });

  it('shows the unread count the API answers on the Notifications tab, and says it to screen readers', async () => {
    server.use(answer('getUnreadCount', { unreadCount: 3 }));
    await renderWithProviders(null, { routes, route: '/feed' });
    const badges = await screen.findAllByTestId('unread-badge', {}, { timeout: 4000 });
    expect(badges.map((badge) => badge.textContent)).toEqual(['3', '3']);
    expect(within(bottomBar()).getByRole('link', { name: /Notifications.*3 unread/ })).toBeTruthy();
    expect(requestsTo('getUnreadCount').length).toBeGreaterThan(0);
  });

  it('caps a large count at 99+ and shows no badge at zero', async () => {
    server.use(answer('getUnreadCount', { unreadCount: 120 }));
    const first = await renderWithProviders(null, { routes, route: '/feed' });
    expect((await screen.findAllByTestId('unread-badge', {}, { timeout: 4000 }))[0]!.textContent).toBe('99+');
    first.unmount();

    server.use(answer('getUnreadCount', { unreadCount: 0 }));
    await renderWithProviders(null, { routes, route: '/feed' });
    expect(await screen.findByText('feed screen')).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('has no navigation on the composer screen', async () => {
    await renderWithProviders(null, { routes, route: '/post/new' });
    expect(await screen.findByText('post/new screen')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('sends a fan without a club who taps Create to choose one first', async () => {
    const { user, pathname } = await renderWithProviders(null, {
      routes,
      route: '/club',
      viewer: aFan({ primaryClub: null }),
    });
    expect(await screen.findByText('club screen')).toBeTruthy();
    await user.click(within(bottomBar()).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('onboarding screen')).toBeTruthy();
    expect(pathname()).toBe('/onboarding');
  });
});
