import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useTrendingTags } from '../api/get-trending';

/** A short row of the hashtags most used in the last 24 hours (in a club, or overall), each linking to its page. */
export function TrendingTags({
  clubId,
  current,
  className,
}: {
  clubId?: number;
  current?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useTrendingTags(clubId);
  const headingId = `trending-${clubId ?? 'all'}`;
  if (isError) return null;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-2 border-b border-border px-4 py-3', className)}
    >
      <h2 id={headingId} className="text-sm font-semibold text-muted-foreground">
        {t('tags.trending')}
      </h2>
      {isPending ? (
        <div className="flex gap-2" aria-hidden="true">
          <Skeleton className="h-8 w-20 rounded-full" />
          <Skeleton className="h-8 w-24 rounded-full" />
          <Skeleton className="h-8 w-16 rounded-full" />
        </div>
      ) : data.tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('tags.trendingEmpty')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {data.tags.map(({ tag, uses }) => (
            <li key={tag}>
              <Link
                to={`/tag/${encodeURIComponent(tag)}`}
                aria-current={tag === current ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-9 items-center gap-1 rounded-full border bg-card px-3 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                  tag === current ? 'border-brand text-brand' : 'border-border',
                )}
              >
                <Hash aria-hidden="true" className="size-3.5" />
                <span>{tag}</span>
                <span className="sr-only">{t('tags.uses', { count: uses })}</span>
                <span aria-hidden="true" className="text-xs text-muted-foreground tabular-nums">
                  {uses}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
