import { REPORT_STATUSES, type ReportStatus } from '@burti/shared';
import { CheckCircle2, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useAdminReports } from '../api/get-reports';
import { AdminPageTitle, LoadError, LoadMore } from './admin-layout';
import { ReportCard } from './report-card';

const isStatus = (value: string | null): value is ReportStatus =>
  value !== null && (REPORT_STATUSES as readonly string[]).includes(value);

/** The report queue, filtered by status (kept in the address, so a filter can be linked and reloaded). */
export function ReportList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReportStatus = isStatus(raw) ? raw : 'pending';

  return (
    <>
      <AdminPageTitle title={t('admin.reports.title')} lead={t('admin.reports.lead')} />
      <Tabs
        value={status}
        onValueChange={(value) => setParams(value === 'pending' ? {} : { status: value }, { replace: true })}
      >
        <TabsList aria-label={t('admin.reports.filterLabel')} className="max-w-md">
          {REPORT_STATUSES.map((value) => (
            // Three Georgian words side by side on a 320 px phone: smaller type and padding there, and room to wrap.
            <TabsTrigger
              key={value}
              value={value}
              className="min-w-0 flex-auto px-1.5 text-center text-xs leading-tight whitespace-normal sm:flex-1 sm:px-4 sm:text-sm"
            >
              {t(`admin.reports.status.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {REPORT_STATUSES.map((value) => (
          <TabsContent key={value} value={value}>
            {value === status && <ReportsOfStatus status={value} />}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

function ReportsOfStatus({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  const query = useAdminReports(status);
  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <VisuallyHidden>{t('admin.loading')}</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <div key={i} className="rounded-lg border border-border bg-card p-4">
            <div className="flex gap-2">
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-5 w-20" />
            </div>
            <Skeleton className="mt-3 h-4 w-1/2" />
            <Skeleton className="mt-3 h-16 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message={t('admin.reports.failed')} onRetry={() => void query.refetch()} />;
  }
  const reports = query.data.pages.flatMap((page) => page.reports);
  if (reports.length === 0) {
    return (
      <EmptyState
        icon={status === 'pending' ? CheckCircle2 : Inbox}
        title={t(`admin.reports.empty.${status}`)}
        message={t(`admin.reports.emptyMessage.${status}`)}
      />
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {reports.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
