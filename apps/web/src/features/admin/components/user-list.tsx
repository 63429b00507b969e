import { Search, UserSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useAdminUsers } from '../api/get-users';
import { AdminPageTitle, LoadError, LoadMore } from './admin-layout';
import { UserCard } from './user-card';

const SEARCH_DELAY_MS = 300;

/** Users newest first, searchable by nickname or email (the query stays in the address). */
export function UserList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const query = params.get('q')?.trim() ?? '';

  useEffect(() => {
    const timer = setTimeout(() => {
      const next = text.trim();
      if (next !== query) setParams(next ? { q: next } : {}, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query, setParams]);

  return (
    <>
      <AdminPageTitle title={t('admin.users.title')} lead={t('admin.users.lead')} />
      <div role="search" className="relative mb-4 max-w-xl">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('admin.users.search')}
          aria-label={t('admin.users.searchLabel')}
          maxLength={100}
          className="pl-9"
        />
      </div>
      <Users query={query} />
    </>
  );
}

function Users({ query }: { query: string }) {
  const { t } = useTranslation();
  const users = useAdminUsers(query);
  if (users.isPending) {
    return (
      <div aria-busy="true" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <VisuallyHidden>{t('admin.loading')}</VisuallyHidden>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex gap-3 rounded-lg border border-border bg-card p-4">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-48" />
              <Skeleton className="mt-2 h-9 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (users.isError) return <LoadError message={t('admin.users.failed')} onRetry={() => void users.refetch()} />;
  const list = users.data.pages.flatMap((page) => page.users);
  if (list.length === 0) {
    return (
      <EmptyState icon={UserSearch} title={t('admin.users.empty')} message={t('admin.users.emptyMessage', { query })} />
    );
  }
  return (
    <>
      {/* grid-cols-1 (minmax(0, 1fr)): an implicit auto column grows to the widest unwrapped line (a long
          address or Georgian note, truncated on screen), and pushed the page past 320 px. */}
      <ul aria-busy={users.isPlaceholderData} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {list.map((user) => (
          <li key={user.id}>
            <UserCard user={user} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={users.hasNextPage}
        isFetchingNextPage={users.isFetchingNextPage}
        onLoadMore={() => void users.fetchNextPage()}
      />
    </>
  );
}
