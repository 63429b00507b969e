import {
  ArrowLeft,
  CalendarDays,
  Flag,
  LayoutDashboard,
  Menu,
  Satellite,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Navigate, Outlet, useLocation } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import { useMe } from '../../auth/api/get-me';
import { useAdminStats } from '../api/get-stats';

type Section = { to: string; label: string; icon: typeof Flag; end?: boolean };

/**
 * The admin area's frame: a header with 'Back to App' and the 'Administrator' badge, a sidebar of sections on
 * wide screens, and the same sections in a menu on phones (below 768px).
 */
export function AdminLayout({ brand }: { brand?: ReactNode }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const location = useLocation();
  const stats = useAdminStats();
  const pending = stats.data?.pendingReports ?? 0;

  // The server refuses a blocked administrator; the screen follows it.
  if (me?.isBlocked) return <Navigate to="/feed" replace />;

  const sections: Section[] = [
    { to: '/admin', label: t('admin.nav.dashboard'), icon: LayoutDashboard, end: true },
    { to: '/admin/reports', label: t('admin.nav.reports'), icon: Flag },
    { to: '/admin/users', label: t('admin.nav.users'), icon: Users },
    { to: '/admin/matches', label: t('matchAdmin.title'), icon: CalendarDays },
    { to: '/admin/football', label: t('matchAdmin.football.nav'), icon: Satellite },
    { to: '/admin/settings', label: t('admin.nav.settings'), icon: Settings },
    { to: '/admin/audit', label: t('admin.nav.audit'), icon: ScrollText },
  ];
  const isActive = (section: Section) =>
    section.end ? location.pathname.replace(/\/$/, '') === section.to : location.pathname.startsWith(section.to);
  const current = sections.find(isActive);
  const pendingBadge = (section: Section) =>
    section.to === '/admin/reports' && pending > 0 ? (
      <Badge variant="warning" className="ml-auto tabular-nums">
        {pending}
      </Badge>
    ) : null;

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        {t('app.skipToContent')}
      </a>
      <header className="pt-safe sticky top-0 z-30 border-b border-border bg-card/95 backdrop-blur">
        {/* Wraps rather than clips on the narrowest phones (320 px), in either language. */}
        <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-2 py-1 md:px-4">
          <Button asChild variant="ghost" className="px-2">
            <Link to="/profile">
              <ArrowLeft aria-hidden="true" />
              {/* On the narrowest phones the arrow alone, named for screen readers: the Georgian words would run
                  under the badge. */}
              <span className="max-[379px]:sr-only">{t('admin.backToApp')}</span>
            </Link>
          </Button>
          <div className="flex min-w-0 flex-1 items-center justify-end gap-2 md:justify-start">
            {brand && <span className="hidden md:inline-flex">{brand}</span>}
            <Badge variant="brand" className="gap-1 py-1">
              <ShieldCheck aria-hidden="true" className="size-3.5" />
              <span className="max-[419px]:sr-only">{t('admin.administrator')}</span>
            </Badge>
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              {/* The section's whole name: a long Georgian one ("მომხმარებლები") fits beside the arrow and the badge
                  at 320 px, and a two-word one wraps inside the button rather than being cut. */}
              <Button variant="outline" className="min-w-0 shrink md:hidden">
                <Menu aria-hidden="true" />
                <span className="sr-only">{t('admin.menu')}: </span>
                <span>{current?.label ?? t('admin.menu')}</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent aria-label={t('admin.navLabel')}>
              {sections.map((section) => {
                const Icon = section.icon;
                return (
                  <DropdownMenuItem key={section.to} asChild>
                    <Link
                      to={section.to}
                      aria-current={isActive(section) ? 'page' : undefined}
                      className={cn(isActive(section) && 'font-semibold text-brand')}
                    >
                      <Icon aria-hidden="true" />
                      {section.label}
                      {pendingBadge(section)}
                    </Link>
                  </DropdownMenuItem>
                );
              })}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </header>
      <div className="mx-auto flex max-w-6xl">
        <aside className="hidden md:sticky md:top-14 md:block md:h-[calc(100dvh-3.5rem)] md:w-56 md:shrink-0 md:border-r md:border-border md:p-4">
          <nav aria-label={t('admin.navLabel')} className="flex flex-col gap-1">
            {sections.map((section) => {
              const Icon = section.icon;
              return (
                <NavLink
                  key={section.to}
                  to={section.to}
                  end={section.end}
                  className={({ isActive: active }) =>
                    cn(
                      'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors duration-(--duration-fast)',
                      'hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                      active ? 'bg-muted text-brand' : 'text-muted-foreground hover:text-foreground',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {section.label}
                  {pendingBadge(section)}
                </NavLink>
              );
            })}
          </nav>
        </aside>
        <main
          id="admin-main"
          aria-label={t('admin.areaLabel')}
          className="min-w-0 flex-1 px-4 pb-16 pt-4 md:px-8 md:pt-6"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** The title block of an admin page. */
export function AdminPageTitle({ title, lead, extra }: { title: string; lead?: string; extra?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {extra}
      </div>
      {lead && <p className="text-sm text-muted-foreground">{lead}</p>}
    </div>
  );
}

/** A list's 'Load more' button, or nothing when the list is complete. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center py-4">
      <Button variant="outline" onClick={onLoadMore} isLoading={isFetchingNextPage}>
        {isFetchingNextPage ? t('admin.loading') : t('admin.loadMore')}
      </Button>
    </div>
  );
}

/** A load failure in place of a list or a panel, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-danger/40 bg-danger/5 p-4 text-sm text-foreground"
    >
      <p className="font-semibold text-danger">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('admin.retry')}
      </Button>
    </div>
  );
}
