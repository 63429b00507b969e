import type { AdminReportTarget } from '@burti/shared';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';

/** A link to a fan's public profile, opened beside the admin area. */
export function ProfileLink({ id, nickname }: { id: string; nickname: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`/u/${encodeURIComponent(id)}`}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded-sm font-semibold text-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {nickname}
      <span className="sr-only"> {t('admin.users.opensInNewTab')}</span>
    </a>
  );
}

/** The reported post (text, photo or video), comment, or user, as it is now. */
export function ReportedContent({ target }: { target: AdminReportTarget | null }) {
  const { t } = useTranslation();
  const box = 'rounded-md border border-border bg-muted/60 p-3 text-sm';
  if (!target) return <p className={`${box} italic text-muted-foreground`}>{t('admin.reports.gone')}</p>;
  switch (target.type) {
    case 'post':
      return (
        <div className={box}>
          <p className="sr-only">{t('admin.reports.content')}</p>
          {(target.deletedAt || target.revisionsCount > 0) && (
            <div className="mb-2 flex flex-wrap gap-2">
              {target.deletedAt && <Badge variant="destructive">{t('admin.reports.postDeleted')}</Badge>}
              {target.revisionsCount > 0 && (
                <Badge variant="outline">{t('admin.reports.edited', { count: target.revisionsCount })}</Badge>
              )}
            </div>
          )}
          {target.text && (
            <p className="whitespace-pre-wrap text-[15px] leading-relaxed wrap-anywhere">{target.text}</p>
          )}
          {target.media && (
            <div className="mt-2 overflow-hidden rounded-md border border-border bg-card">
              {target.media.type === 'photo' ? (
                <img
                  src={target.media.url}
                  alt={t('admin.reports.photoAlt', { nickname: target.author.nickname })}
                  loading="lazy"
                  className="max-h-80 w-full object-contain"
                />
              ) : (
                // Fans' own uploads come without caption tracks.
                // eslint-disable-next-line jsx-a11y/media-has-caption
                <video
                  src={target.media.url}
                  controls
                  preload="metadata"
                  playsInline
                  aria-label={t('admin.reports.videoLabel', { nickname: target.author.nickname })}
                  className="max-h-80 w-full bg-black"
                />
              )}
            </div>
          )}
          {!target.deletedAt && (
            <a
              href={`/post/${encodeURIComponent(target.id)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand hover:underline"
            >
              {t('admin.reports.onPost')}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('admin.users.opensInNewTab')}</span>
            </a>
          )}
        </div>
      );
    case 'comment':
      return (
        <div className={box}>
          <p className="sr-only">{t('admin.reports.content')}</p>
          <p className="whitespace-pre-wrap wrap-anywhere">{target.body}</p>
          <a
            href={`/post/${encodeURIComponent(target.postId)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand hover:underline"
          >
            {t('admin.reports.onPost')}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{t('admin.users.opensInNewTab')}</span>
          </a>
        </div>
      );
    case 'user':
      return (
        <div className={`${box} flex items-start gap-3`}>
          <UserAvatar src={target.avatarUrl} name={target.nickname} />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold wrap-anywhere">
              <span className="min-w-0">{target.nickname}</span>
              {target.isBlocked && <Badge variant="destructive">{t('admin.reports.blocked')}</Badge>}
            </p>
            <p className="whitespace-pre-wrap text-muted-foreground wrap-anywhere">
              {target.bio ?? t('admin.reports.noBio')}
            </p>
          </div>
        </div>
      );
  }
}
