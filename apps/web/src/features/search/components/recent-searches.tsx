import { Clock, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/** The searches kept on this device, to run again with one tap; or a hint when there are none. */
export function RecentSearches({
  searches,
  onPick,
  onRemove,
  onClear,
}: {
  searches: string[];
  onPick: (search: string) => void;
  onRemove: (search: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (searches.length === 0)
    return <EmptyState icon={Search} title={t('search.emptyTitle')} message={t('search.emptyMessage')} />;
  return (
    <section aria-labelledby="recent-searches" className="py-2">
      <div className="flex items-center justify-between px-4 py-2">
        <h2 id="recent-searches" className="text-sm font-semibold text-muted-foreground">
          {t('search.recent')}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          {t('search.clearRecent')}
        </Button>
      </div>
      <ul>
        {searches.map((search) => (
          <li key={search} className="flex items-center">
            <button
              type="button"
              onClick={() => onPick(search)}
              className="flex min-h-11 min-w-0 flex-1 items-center gap-3 px-4 text-left hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <Clock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="truncate">{search}</span>
            </button>
            <button
              type="button"
              onClick={() => onRemove(search)}
              aria-label={t('search.removeRecent', { search })}
              className="mr-2 flex size-11 items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
