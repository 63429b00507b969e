import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { AppShell } from './app-shell';
import { AnonymousOnly, RequireAdmin, RequireAuth, RequireClub } from './guards';
import { loadNamespaces } from '../lib/i18n';
import { RouteError } from './route-error';

/** A profile's follow and block actions and its invite dialog: their strings come with the screen, not the first one. */
const profileRoute = () =>
  Promise.all([import('./routes/profile'), loadNamespaces('referrals', 'social')]).then(([m]) => m);

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Every screen is its own chunk, so the first screen stays small. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })) },
      {
        element: <AnonymousOnly />,
        children: [{ path: '/auth', lazy: () => import('./routes/auth').then((m) => ({ Component: m.AuthRoute })) }],
      },
      { path: '/legal/:document', lazy: () => import('./routes/legal').then((m) => ({ Component: m.LegalRoute })) },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/onboarding',
            lazy: () => import('./routes/onboarding').then((m) => ({ Component: m.OnboardingRoute })),
          },
          {
            element: <AppShell />,
            children: [
              {
                element: <RequireClub />,
                children: [
                  { path: '/feed', lazy: () => import('./routes/feed').then((m) => ({ Component: m.FeedRoute })) },
                  { path: '/club', lazy: () => import('./routes/club').then((m) => ({ Component: m.ClubRoute })) },
                  {
                    path: '/post/new',
                    lazy: () => import('./routes/post-new').then((m) => ({ Component: m.PostNewRoute })),
                  },
                ],
              },
              {
                path: '/post/:postId',
                lazy: () => import('./routes/post-detail').then((m) => ({ Component: m.PostDetailRoute })),
              },
              {
                path: '/club/:clubId',
                lazy: () => import('./routes/club').then((m) => ({ Component: m.ClubPageRoute })),
              },
              {
                path: '/match/:matchId',
                lazy: () => import('./routes/match').then((m) => ({ Component: m.MatchRoute })),
              },
              {
                path: '/tag/:tag',
                lazy: () => import('./routes/tag').then((m) => ({ Component: m.TagRoute })),
              },
              {
                path: '/search',
                lazy: () => import('./routes/search').then((m) => ({ Component: m.SearchRoute })),
              },
              {
                path: '/notifications',
                lazy: () =>
                  Promise.all([import('./routes/notifications'), loadNamespaces('notifications')]).then(([m]) => ({
                    Component: m.NotificationsRoute,
                  })),
              },
              {
                path: '/profile',
                lazy: () => profileRoute().then((m) => ({ Component: m.OwnProfileRoute })),
              },
              {
                path: '/profile/:nickname',
                lazy: () => profileRoute().then((m) => ({ Component: m.NicknameProfileRoute })),
              },
              {
                path: '/u/:userId',
                lazy: () => profileRoute().then((m) => ({ Component: m.UserProfileRoute })),
              },
              {
                path: '/settings',
                lazy: () => import('./routes/settings').then((m) => ({ Component: m.SettingsRoute })),
              },
              {
                path: '/referrals',
                lazy: () =>
                  Promise.all([import('./routes/referrals'), loadNamespaces('referrals')]).then(([m]) => ({
                    Component: m.ReferralsRoute,
                  })),
              },
              {
                path: '/design-system',
                lazy: () =>
                  Promise.all([import('./routes/design-system'), loadNamespaces('designSystem')]).then(([m]) => ({
                    Component: m.DesignSystemRoute,
                  })),
              },
            ],
          },
          // The admin area has a frame of its own ('Back to App', sidebar), outside the app shell.
          {
            path: '/admin',
            element: <RequireAdmin />,
            children: [
              {
                // The frame's lazy load runs beside its screen's, and both finish before either renders.
                lazy: () =>
                  Promise.all([import('./routes/admin'), loadNamespaces('admin', 'matchAdmin')]).then(([m]) => ({
                    Component: m.AdminLayoutRoute,
                  })),
                children: [
                  {
                    index: true,
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminDashboardRoute })),
                  },
                  {
                    path: 'reports',
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminReportsRoute })),
                  },
                  {
                    path: 'users',
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminUsersRoute })),
                  },
                  {
                    path: 'settings',
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminSettingsRoute })),
                  },
                  {
                    path: 'matches',
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminMatchesRoute })),
                  },
                  {
                    path: 'matches/:matchId',
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminMatchConsoleRoute })),
                  },
                  {
                    path: 'football',
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminFootballRoute })),
                  },
                  {
                    path: 'audit',
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminAuditRoute })),
                  },
                  {
                    path: '*',
                    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminNotFoundRoute })),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
]);
