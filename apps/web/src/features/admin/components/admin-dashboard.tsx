import type { AdminStats } from '@burti/shared';
import {
  AlertTriangle,
  CalendarDays,
  CalendarRange,
  Flag,
  type LucideIcon,
  MessageSquare,
  Newspaper,
  UserPlus,
  Users,
  UserX,
} from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { cn } from '../../../lib/cn';
import { useAdminStats } from '../api/get-stats';
import { AdminPageTitle, LoadError } from './admin-layout';
import { formatNumber } from '../../../lib/format';

const CARDS: { key: keyof AdminStats; icon: LucideIcon }[] = [
  { key: 'totalUsers', icon: Users },
  { key: 'newUsers7d', icon: UserPlus },
  { key: 'newUsers30d', icon: CalendarRange },
  { key: 'pendingReports', icon: Flag },
  { key: 'totalPosts', icon: Newspaper },
  { key: 'postsToday', icon: CalendarDays },
  { key: 'blockedUsers', icon: UserX },
];

/** The figures of the network, each one card; pending reports call for attention. */
export function AdminDashboard() {
  const { t } = useTranslation();
  const { data: stats, isPending, isError, error, refetch } = useAdminStats();
  const pending = stats?.pendingReports ?? 0;

  useEffect(() => {
    if (isError) toast.error(t('app.error'), { description: t('admin.dashboard.failed'), id: 'admin-stats' });
  }, [isError, error, t]);

  return (
    <>
      <AdminPageTitle
        title={t('admin.dashboard.title')}
        lead={t('admin.dashboard.lead')}
        extra={
          pending > 0 && (
            <Badge variant="warning" className="gap-1">
              <AlertTriangle aria-hidden="true" />
              {t('admin.dashboard.needsAttention')}
            </Badge>
          )
        }
      />
      {isError ? (
        <LoadError message={t('admin.dashboard.failed')} onRetry={() => void refetch()} />
      ) : (
        <>
          {pending > 0 && (
            <Card className="mb-5 flex flex-col gap-3 border-warning bg-warning/10 p-4 sm:flex-row sm:items-center">
              <div className="flex flex-1 items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-warning text-warning-foreground"
                >
                  <AlertTriangle className="size-5" />
                </span>
                <div>
                  <h2 className="font-semibold">{t('admin.dashboard.attentionRequired')}</h2>
                  <p className="text-sm text-muted-foreground">
                    {t('admin.dashboard.attentionMessage', { count: pending })}
                  </p>
                </div>
              </div>
              <Button asChild>
                <Link to="/admin/reports">
                  <MessageSquare aria-hidden="true" />
                  {t('admin.dashboard.reviewReports')}
                </Link>
              </Button>
            </Card>
          )}
          <div aria-busy={isPending} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {isPending && <VisuallyHidden>{t('admin.dashboard.loadingStats')}</VisuallyHidden>}
            {CARDS.map(({ key, icon: Icon }) => (
              <Card
                key={key}
                className={cn(
                  'flex min-w-0 flex-col gap-2 p-4',
                  key === 'pendingReports' && pending > 0 && 'border-warning',
                )}
              >
                <div className="flex items-start justify-between gap-2 text-muted-foreground">
                  {/* Long Georgian words break rather than push the icon out of a half-width card at 320 px. */}
                  <h2 className="min-w-0 text-sm font-medium leading-tight [overflow-wrap:anywhere]">
                    {t(`admin.dashboard.${key}`)}
                  </h2>
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                </div>
                {stats ? (
                  <p className="text-3xl font-bold tracking-tight tabular-nums">{formatNumber(stats[key])}</p>
                ) : (
                  <Skeleton className="h-9 w-16" />
                )}
              </Card>
            ))}
          </div>
        </>
      )}
    </>
  );
}
