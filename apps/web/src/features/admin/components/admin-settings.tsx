import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useAdminSettings } from '../api/get-settings';
import { AdminPageTitle, LoadError } from './admin-layout';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const shortType = (mime: string) => mime.split('/')[1]?.toUpperCase() ?? mime;

function Section({
  title,
  hint,
  extra,
  children,
}: {
  title: string;
  hint?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {extra}
      </div>
      {hint && <p className="-mt-2 mb-3 text-sm text-muted-foreground">{hint}</p>}
      <dl className="divide-y divide-border text-sm">{children}</dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
      <dt className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">{label}</dt>
      <dd className="min-w-0 text-right font-medium tabular-nums [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The moderation settings in force, read-only: they come from the server's configuration. */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const { data: settings, isPending, isError, refetch } = useAdminSettings();
  const per = (seconds: number) =>
    seconds === 60 ? t('admin.settings.minute') : t('admin.settings.minutes', { count: Math.round(seconds / 60) });

  return (
    <>
      <AdminPageTitle title={t('admin.settings.title')} lead={t('admin.settings.lead')} />
      {isPending ? (
        <div aria-busy="true" className="grid gap-4 lg:grid-cols-2">
          <VisuallyHidden>{t('admin.loading')}</VisuallyHidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-48 w-full rounded-lg" />
          ))}
        </div>
      ) : isError ? (
        <LoadError message={t('admin.settings.failed')} onRetry={() => void refetch()} />
      ) : (
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
          <Section
            title={t('admin.settings.userLimits')}
            hint={
              settings.rateLimitsEnabled ? t('admin.settings.userLimitsHint') : t('admin.settings.rateLimitsOffHint')
            }
            extra={
              <Badge variant={settings.rateLimitsEnabled ? 'success' : 'warning'}>
                {t('admin.settings.rateLimits')}:{' '}
                {settings.rateLimitsEnabled ? t('admin.settings.rateLimitsOn') : t('admin.settings.rateLimitsOff')}
              </Badge>
            }
          >
            {settings.userLimits.map((limit) => (
              <Row key={limit.action} label={t(`admin.settings.action.${limit.action}`)}>
                {t('admin.settings.perWindow', { max: limit.max, window: per(limit.windowSeconds) })}
              </Row>
            ))}
          </Section>
          <Section title={t('admin.settings.authLimits')} hint={t('admin.settings.authLimitsHint')}>
            {settings.authLimits.map((limit) => (
              <Row
                key={limit.endpoint}
                label={t(`admin.settings.endpoint.${limit.endpoint}`, { defaultValue: limit.endpoint })}
              >
                {t('admin.settings.perWindow', { max: limit.max, window: per(limit.windowSeconds) })}
              </Row>
            ))}
          </Section>
          <Section title={t('admin.settings.push')} hint={t('admin.settings.pushHint')}>
            {settings.pushChannels.map((channel) => (
              <Row key={channel.channel} label={t(`admin.settings.channel.${channel.channel}`)}>
                <Badge variant={channel.configured ? 'success' : 'secondary'}>
                  {channel.configured ? t('admin.settings.configured') : t('admin.settings.notConfigured')}
                </Badge>
              </Row>
            ))}
          </Section>
          <Section title={t('admin.settings.media')}>
            <Row label={t('admin.settings.postTextMax')}>
              {t('admin.settings.characters', { count: settings.media.postTextMax })}
            </Row>
            <Row label={t('admin.settings.mediaMax')}>
              {t('admin.settings.upTo', { size: megabytes(settings.media.maxBytes) })}
            </Row>
            <Row label={t('admin.settings.avatarMax')}>
              {t('admin.settings.upTo', { size: megabytes(settings.media.avatarMaxBytes) })}
            </Row>
            <Row label={t('admin.settings.photoTypes')}>{settings.media.photoTypes.map(shortType).join(', ')}</Row>
            <Row label={t('admin.settings.videoTypes')}>{settings.media.videoTypes.map(shortType).join(', ')}</Row>
            <Row label={t('admin.settings.pageSize')}>
              {t('admin.settings.perPage', { count: settings.adminPageSize })}
            </Row>
          </Section>
        </div>
      )}
    </>
  );
}
