import type { AdminReport, AdminReportTarget, ReportStatus } from '@burti/shared';
import type { TFunction } from 'i18next';
import { FileText, MessageCircle, User } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RelativeTime } from '../../../components/author/relative-time';
import { ProfileLink, ReportedContent } from './reported-content';
import { ReviewDialog } from './review-dialog';

const STATUS_VARIANT: Record<ReportStatus, BadgeProps['variant']> = {
  pending: 'warning',
  resolved: 'success',
  dismissed: 'secondary',
};
const TYPE_ICON = { post: FileText, comment: MessageCircle, user: User } as const;

/** The server keeps the reason in English; the moderator reads it in their language. */
function reason(value: string, t: TFunction): string {
  if (value === 'Inappropriate content') return t('admin.reports.reasonContent');
  if (value === 'Inappropriate behavior') return t('admin.reports.reasonBehavior');
  return value;
}

function authorOf(target: AdminReportTarget | null) {
  if (!target) return null;
  return target.type === 'user' ? { id: target.id, nickname: target.nickname } : target.author;
}

/** One case of the queue: what was reported, by whom, why, and what became of it. */
export function ReportCard({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState(false);
  const TypeIcon = TYPE_ICON[report.targetType];
  const author = authorOf(report.target);
  const others = report.reporters.filter((nickname) => nickname !== report.reporter.nickname);
  const unnamed = report.reportCount - 1 - others.length;
  const headingId = `report-${report.id}`;

  return (
    <Card aria-labelledby={headingId} role="article" className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="sr-only">
          {t('admin.reports.cardTitle', { type: t(`admin.review.typeName.${report.targetType}`) })}
        </h2>
        <Badge variant="outline" className="gap-1 py-1">
          <TypeIcon aria-hidden="true" />
          {t(`admin.reports.type.${report.targetType}`)}
        </Badge>
        <Badge variant={STATUS_VARIANT[report.status]} className="py-1">
          {t(`admin.reports.status.${report.status}`)}
        </Badge>
        <Badge variant={report.reportCount > 1 ? 'destructive' : 'secondary'} className="py-1 tabular-nums">
          {t('admin.reports.count', { count: report.reportCount })}
        </Badge>
        <RelativeTime date={report.createdAt} className="ml-auto text-xs text-muted-foreground" />
      </div>

      <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm wrap-anywhere min-[400px]:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t('admin.reports.reason')}</dt>
        <dd>{reason(report.reason, t)}</dd>
        {author && (
          <>
            <dt className="text-muted-foreground">
              {report.targetType === 'user' ? t('admin.reports.reportedUser') : t('admin.reports.author')}
            </dt>
            <dd>
              <ProfileLink id={author.id} nickname={author.nickname} />
            </dd>
          </>
        )}
      </dl>
      <p className="text-sm text-muted-foreground">
        {t('admin.reports.reportedBy', { nickname: report.reporter.nickname })}
        {others.length > 0 && (
          <>
            {' · '}
            {t('admin.reports.alsoReportedBy', { names: others.join(', ') })}
            {unnamed > 0 && ` ${t('admin.reports.andMore', { count: unnamed })}`}
          </>
        )}
      </p>

      <ReportedContent target={report.target} />

      {report.status !== 'pending' && (
        <div className="rounded-md border border-border px-3 py-2 text-sm">
          <p className="font-medium">
            {report.resolvedBy
              ? t('admin.reports.closedBy', {
                  status: t(`admin.reports.status.${report.status}`),
                  nickname: report.resolvedBy,
                })
              : t('admin.reports.closed', { status: t(`admin.reports.status.${report.status}`) })}
            {report.resolvedAt && (
              <>
                {' · '}
                <RelativeTime date={report.resolvedAt} className="text-muted-foreground" />
              </>
            )}
          </p>
          {report.resolutionNote && (
            <p className="mt-1 whitespace-pre-wrap text-muted-foreground wrap-anywhere">
              {t('admin.reports.note', { note: report.resolutionNote })}
            </p>
          )}
        </div>
      )}

      {report.status === 'pending' && (
        <div className="flex justify-end">
          <Button onClick={() => setReviewing(true)}>{t('admin.reports.review')}</Button>
          <ReviewDialog report={report} open={reviewing} onOpenChange={setReviewing} />
        </div>
      )}
    </Card>
  );
}
