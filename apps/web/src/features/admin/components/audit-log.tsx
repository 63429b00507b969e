import { localName, type AuditEntry } from '@burti/shared';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { RelativeTime } from '../../../components/author/relative-time';
import { useAdminAudit } from '../api/get-audit';
import { AdminPageTitle, LoadError, LoadMore } from './admin-layout';

/** Where an audit entry's target can be looked at, if anywhere. */
function targetPath(entry: AuditEntry): string | null {
  if (entry.targetType === 'user') return `/u/${encodeURIComponent(entry.targetId)}`;
  if (entry.targetType === 'post' && entry.action !== 'post_deleted')
    return `/post/${encodeURIComponent(entry.targetId)}`;
  return null;
}

/**
 * What the entry acted on, as a reader knows it: a nickname, a post's first line in quotes, a team's name in the
 * reader's language. Never an id: a target that is gone is said to be gone.
 */
function targetName(entry: AuditEntry, language: string, gone: (type: string) => string): string {
  if (!entry.targetLabel) return gone(entry.targetType);
  const label = localName({ name: entry.targetLabel, nameKa: entry.targetLabelKa }, language);
  return entry.targetType === 'post' || entry.targetType === 'comment' ? `“${label}”` : label;
}

/** Every administrator action, newest first: who, what, on what, the note and when. */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const gone = (type: string) => t(`admin.audit.gone.${type}`, { defaultValue: t('admin.audit.gone.other') });
  const audit = useAdminAudit();

  return (
    <>
      <AdminPageTitle title={t('admin.audit.title')} lead={t('admin.audit.lead')} />
      {audit.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <VisuallyHidden>{t('admin.loading')}</VisuallyHidden>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-lg" />
          ))}
        </div>
      ) : audit.isError ? (
        <LoadError message={t('admin.audit.failed')} onRetry={() => void audit.refetch()} />
      ) : audit.data.pages[0]?.entries.length ? (
        <>
          <Card>
            <ol className="divide-y divide-border">
              {audit.data.pages
                .flatMap((page) => page.entries)
                .map((entry) => {
                  const path = targetPath(entry);
                  const type = t(`admin.review.typeName.${entry.targetType}`, { defaultValue: '' });
                  const name = targetName(entry, i18n.language, gone);
                  return (
                    <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
                      <p>
                        <span className="font-semibold">{entry.admin?.nickname ?? t('admin.audit.unknownAdmin')}</span>{' '}
                        {t(`admin.audit.action.${entry.action}`, { type })}
                      </p>
                      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                        <RelativeTime date={entry.createdAt} />
                        <span aria-hidden="true">·</span>
                        <span className="min-w-0 wrap-anywhere" data-testid="audit-target">
                          {name}
                        </span>
                        {path && (
                          <Link
                            to={path}
                            className="inline-flex min-h-6 items-center font-medium text-brand hover:underline"
                          >
                            {t('admin.audit.open')}
                            <span className="sr-only"> {name}</span>
                          </Link>
                        )}
                      </p>
                      {entry.note && (
                        <p className="whitespace-pre-wrap text-muted-foreground wrap-anywhere">“{entry.note}”</p>
                      )}
                    </li>
                  );
                })}
            </ol>
          </Card>
          <LoadMore
            hasNextPage={audit.hasNextPage}
            isFetchingNextPage={audit.isFetchingNextPage}
            onLoadMore={() => void audit.fetchNextPage()}
          />
        </>
      ) : (
        <EmptyState icon={ScrollText} title={t('admin.audit.empty')} message={t('admin.audit.emptyMessage')} />
      )}
    </>
  );
}
