import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearReturnTo } from '../lib/return-to';
import { aFan, aPost, answer, renderWithProviders, server } from '../testing';

/**
 * The app's own route tree (router.tsx), each screen loaded lazily as in the app, in a memory router: what a fan
 * reaches at an address, through the guards, the shell and the lazy screens with their strings.
 */
let routes: RouteObject[];
beforeAll(async () => {
  // Imported once the API mock listens: creating the browser router already loads the screen of the page's address.
  const { router } = await import('./router');
  routes = router.routes;
  router.dispose();
});
// A page kept for after sign-in (lib/return-to) belongs to the test that made it.
afterEach(() => clearReturnTo());

const admin = aFan({ isAdmin: true, language: 'ka' });

describe('the app’s routes', { timeout: 30_000 }, () => {
  it('sends a signed-out visitor from a screen that needs an account to the sign-in form', async () => {
    const { pathname } = await renderWithProviders(null, { routes, route: '/settings', viewer: null });
    expect(await screen.findByRole('heading', { name: 'Welcome back!' }, { timeout: 10_000 })).toBeTruthy();
    expect(pathname()).toBe('/auth');
  });

  it('shows a signed-in fan a post inside the app shell, with its bottom navigation', async () => {
    server.use(answer('getPost', { post: aPost({ id: 'p5', text: 'Gaumarjos, Dinamo!' }) }));
    await renderWithProviders(null, { routes, route: '/post/p5' });
    expect(await screen.findByText('Gaumarjos, Dinamo!', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Feed' }).length).toBeGreaterThan(0);
  });

  it('sends a fan without a club from the club screen to choosing one', async () => {
    const { pathname } = await renderWithProviders(null, {
      routes,
      route: '/club',
      viewer: aFan({ primaryClub: null, language: 'ka' }),
      language: 'ka',
    });
    expect(await screen.findByRole('heading', { name: 'აირჩიე შენი კლუბი' }, { timeout: 10_000 })).toBeTruthy();
    expect(pathname()).toBe('/onboarding');
  });

  it('keeps the admin area from fans, and opens it for an administrator with its strings loaded', async () => {
    const fan = await renderWithProviders(null, { routes, route: '/admin/users' });
    await expect.poll(() => fan.pathname(), { timeout: 10_000 }).toBe('/feed');
    fan.unmount();

    server.use(answer('listAdminReports', { reports: [], nextCursor: null }));
    await renderWithProviders(null, { routes, route: '/admin/reports', viewer: admin, language: 'ka' });
    expect(await screen.findByRole('heading', { name: 'საჩივრები' }, { timeout: 10_000 })).toBeTruthy();
  });

  it.each([
    ['/tag/derby', '#derby'],
    ['/search', 'Search'],
    ['/notifications', /^Notifications/],
    ['/referrals', 'Referrals'],
    ['/design-system', 'Design System'],
  ])('opens %s on its own screen for a fan', async (route, title) => {
    const { pathname } = await renderWithProviders(null, { routes, route });
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeTruthy();
    expect(pathname()).toBe(route);
  });

  it('opens a legal document for anyone, from the static file the build ships', async () => {
    // Not an operation of the API: the markdown file beside the app.
    server.use(
      http.get('*/legal/terms.md', () =>
        HttpResponse.text('# Terms of Service\n\nBe kind to other fans.', {
          headers: { 'content-type': 'text/markdown' },
        }),
      ),
    );
    await renderWithProviders(null, { routes, route: '/legal/terms', viewer: null });
    expect(await screen.findByText('Be kind to other fans.', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/users', 'Users'],
    ['/admin/settings', 'Settings'],
    ['/admin/audit', 'Audit log'],
    ['/admin/matches', 'Matches'],
    ['/admin/football', 'Football data'],
  ])('opens %s on its own screen for an administrator', async (route, title) => {
    await renderWithProviders(null, { routes, route, viewer: aFan({ isAdmin: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeTruthy();
  });

  it('says an admin address that does not exist is not there, with the way back to the dashboard', async () => {
    await renderWithProviders(null, { routes, route: '/admin/nowhere', viewer: aFan({ isAdmin: true }) });
    expect(await screen.findByText('This admin page does not exist.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/admin');
  });

  it('shows the not-found screen at an address the app does not have, in both languages', async () => {
    const first = await renderWithProviders(null, { routes, route: '/no-such-page' });
    expect(await screen.findByText('Oops! Page not found', {}, { timeout: 10_000 })).toBeTruthy();
    first.unmount();

    await renderWithProviders(null, { routes, route: '/no-such-page', language: 'ka' });
    expect(await screen.findByText('ვაი! გვერდი ვერ მოიძებნა')).toBeTruthy();
  });
});
