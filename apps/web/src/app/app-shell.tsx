import { Bell, Home, Plus, Shield, User } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../features/auth/api/get-me';
import { useUnreadCount } from '../features/notifications/api/use-notification-stream';
import { RailSearchField } from '../features/search/components/search-field';
import { cn } from '../lib/cn';
import { useFirstIdle } from '../lib/idle';
import { appName } from '../lib/i18n';
import { BrandMark } from '../components/layout/brand-mark';

// The composer loads with its first use, so the first screen stays small.
const PostComposerDialog = lazy(() =>
  import('../features/posts/components/post-composer').then((m) => ({ default: m.PostComposerDialog })),
);

/** Where the navigation and the create dialog are hidden (spec: /auth, /onboarding, /, /post/new, /legal/*). */
export function isChromeless(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname.startsWith('/auth') ||
    pathname.startsWith('/onboarding') ||
    pathname === '/post/new' ||
    pathname.startsWith('/legal/')
  );
}

// `barLabel`: the bottom bar's narrow label, with a soft hyphen where a long word may break onto a second line.
type Tab = { to: string; label: string; barLabel?: string; icon: typeof Home; match: (path: string) => boolean };

/**
 * The signed-in app: a bottom navigation bar on phones (below 768px) and a side rail on wider screens.
 * Create is a round red button that opens the composer.
 */
export function AppShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const chromeless = isChromeless(location.pathname);
  const { data: me } = useMe();
  // The badge is not part of the first screen: its count is asked for once that screen is drawn.
  const isIdle = useFirstIdle();
  const { data: unread = 0 } = useUnreadCount(Boolean(me) && isIdle);
  const [composerOpen, setComposerOpen] = useState(false);
  const [composerLoaded, setComposerLoaded] = useState(false);

  const tabs: Tab[] = [
    { to: '/feed', label: t('nav.feed'), icon: Home, match: (p) => p.startsWith('/feed') },
    { to: '/club', label: t('nav.club'), icon: Shield, match: (p) => p.startsWith('/club') },
    {
      to: '/notifications',
      label: t('nav.notifications'),
      barLabel: t('nav.notificationsBar'),
      icon: Bell,
      match: (p) => p.startsWith('/notifications'),
    },
    {
      to: '/profile',
      label: t('nav.profile'),
      icon: User,
      match: (p) => p === '/profile' || p.startsWith('/settings') || p.startsWith('/referrals'),
    },
  ];
  // Posting needs a club: without one, the Create button leads to the club choice first.
  // The composer hands focus back to the Create button that opened it (bar or rail), not to the page.
  const opener = useRef<HTMLElement | null>(null);
  const openComposer = (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    if (me && !me.primaryClub) void navigate('/onboarding');
    else {
      setComposerLoaded(true);
      setComposerOpen(true);
    }
  };

  if (chromeless) return <Outlet />;

  const link = (tab: Tab, layout: 'bar' | 'rail') => {
    const Icon = tab.icon;
    const active = tab.match(location.pathname);
    return (
      <NavLink
        key={tab.to}
        to={tab.to}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex items-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-ring',
          layout === 'bar'
            ? 'min-h-12 min-w-0 flex-col justify-center gap-0.5 px-0.5 text-[10px] leading-tight font-medium min-[360px]:text-[11px]'
            : 'min-h-11 gap-3 px-3 text-sm font-medium hover:bg-muted',
          active ? 'text-brand' : 'text-muted-foreground hover:text-foreground',
        )}
      >
        <span className="relative">
          <Icon aria-hidden="true" className={layout === 'bar' ? 'size-6' : 'size-5'} strokeWidth={active ? 2.5 : 2} />
          {tab.to === '/notifications' && unread > 0 && (
            <span
              data-testid="unread-badge"
              className="absolute -right-2.5 -top-1.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-brand px-1 text-[11px] font-bold leading-none text-brand-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
        <span className={layout === 'bar' ? 'max-w-full text-center [overflow-wrap:anywhere]' : undefined}>
          {layout === 'bar' && tab.barLabel ? (
            <>
              <span aria-hidden="true">{tab.barLabel}</span>
              <span className="sr-only">{tab.label}</span>
            </>
          ) : (
            tab.label
          )}
          {tab.to === '/notifications' && unread > 0 && (
            <span className="sr-only">, {t('nav.unread', { count: unread })}</span>
          )}
        </span>
      </NavLink>
    );
  };

  const createButton = (layout: 'bar' | 'rail') => (
    <button
      type="button"
      onClick={openComposer}
      aria-label={t('nav.create')}
      className={cn(
        'flex items-center justify-center bg-brand text-brand-foreground shadow-md transition-transform hover:bg-brand-hover active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        layout === 'bar'
          ? '-mt-6 size-14 shrink-0 rounded-full'
          : 'mt-2 min-h-11 w-full gap-2 rounded-lg text-sm font-semibold',
      )}
    >
      <Plus aria-hidden="true" className="size-6" />
      {layout === 'rail' && <span>{t('nav.create')}</span>}
    </button>
  );

  return (
    <div className="min-h-dvh md:flex md:justify-center">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        {t('app.skipToContent')}
      </a>
      <aside className="hidden md:sticky md:top-0 md:flex md:h-dvh md:w-56 md:shrink-0 md:flex-col md:gap-1 md:border-r md:border-border md:p-4">
        <div className="mb-4 flex items-center gap-2 px-2">
          <BrandMark className="size-8" />
          <span className="text-lg font-bold tracking-tight">{appName}</span>
        </div>
        <div className="mb-2">
          <RailSearchField />
        </div>
        <nav aria-label={t('nav.label')} className="flex flex-col gap-1">
          {tabs.slice(0, 2).map((tab) => link(tab, 'rail'))}
          {tabs.slice(2).map((tab) => link(tab, 'rail'))}
          {createButton('rail')}
        </nav>
      </aside>
      <main
        id="main"
        className="mx-auto w-full max-w-2xl pb-24 md:mx-0 md:min-w-0 md:flex-1 md:border-r md:border-border md:pb-8"
      >
        <Outlet />
      </main>
      <nav
        aria-label={t('nav.label')}
        className="pb-safe fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 backdrop-blur md:hidden"
      >
        {/* Four equal columns around the Create button, so it stays in the middle whatever the labels' lengths. */}
        <div className="mx-auto grid max-w-lg grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_minmax(0,1fr)_minmax(0,1fr)] items-end gap-x-1 px-1 pt-1">
          {link(tabs[0]!, 'bar')}
          {link(tabs[1]!, 'bar')}
          {createButton('bar')}
          {link(tabs[2]!, 'bar')}
          {link(tabs[3]!, 'bar')}
        </div>
      </nav>
      {composerLoaded && (
        <Suspense fallback={null}>
          <PostComposerDialog
            open={composerOpen}
            onOpenChange={setComposerOpen}
            onCloseAutoFocus={(event) => {
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              opener.current.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
