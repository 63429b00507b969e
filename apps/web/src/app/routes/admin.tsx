import { ShieldQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { AdminSettingsPage } from '../../features/admin/components/admin-settings';
import { AuditLog } from '../../features/admin/components/audit-log';
import { AdminFootballData } from '../../features/admin/components/football-data';
import { MatchConsole } from '../../features/admin/components/match-console';
import { AdminMatches } from '../../features/admin/components/match-fixtures';
import { ReportList } from '../../features/admin/components/report-list';
import { UserList } from '../../features/admin/components/user-list';
import { BrandMark } from '../../components/layout/brand-mark';

/** The admin area (under RequireAdmin): its frame, then one screen per section. */
export function AdminLayoutRoute() {
  return <AdminLayout brand={<BrandMark className="size-8" />} />;
}

export function AdminDashboardRoute() {
  return <AdminDashboard />;
}

export function AdminReportsRoute() {
  return <ReportList />;
}

export function AdminUsersRoute() {
  return <UserList />;
}

export function AdminSettingsRoute() {
  return <AdminSettingsPage />;
}

export function AdminMatchesRoute() {
  return <AdminMatches />;
}

export function AdminMatchConsoleRoute() {
  const { matchId = '' } = useParams();
  return <MatchConsole key={matchId} matchId={matchId} />;
}

export function AdminFootballRoute() {
  return <AdminFootballData />;
}

export function AdminAuditRoute() {
  return <AuditLog />;
}

export function AdminNotFoundRoute() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={ShieldQuestion}
      title={t('notFound.title')}
      message={t('admin.notFound')}
      action={
        <Button asChild>
          <Link to="/admin">{t('admin.backToDashboard')}</Link>
        </Button>
      }
    />
  );
}
