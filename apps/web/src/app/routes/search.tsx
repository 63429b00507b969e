import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PostPage } from '@burti/shared';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/layout/page-header';
import { usePostSearch } from '../../features/posts/api/search-posts';
import { PostCard } from '../../features/posts/components/post-card';
import { PostList } from '../../features/posts/components/post-list';
import { SearchField } from '../../features/search/components/search-field';
import { RecentSearches } from '../../features/search/components/recent-searches';
import { SearchResults } from '../../features/search/components/search-results';
import {
  addRecentSearch,
  clearRecentSearches,
  readRecentSearches,
  removeRecentSearch,
} from '../../features/search/lib/recent-searches';
import { useDebounced } from '../../lib/use-debounced';

/** How long typing must pause before the results follow it. */
const DEBOUNCE_MS = 250;

/** The first posts found, as cards of a feed. */
function PostPreview({ page }: { page: PostPage }) {
  const { t } = useTranslation();
  return (
    <div role="feed" aria-label={t('search.posts')} aria-busy={false}>
      {page.posts.map((post, index) => (
        <PostCard
          key={`${post.id}:${post.sharedBy?.id ?? ''}`}
          post={post}
          position={{ index: index + 1, setSize: page.nextCursor ? -1 : page.posts.length }}
        />
      ))}
    </div>
  );
}

/** Every post found, paged by cursor. */
function AllPosts({ q, empty }: { q: string; empty: ReactNode }) {
  const { t } = useTranslation();
  const query = usePostSearch(q, true);
  return <PostList query={query} errorTitle={t('search.failed')} empty={empty} />;
}

/** Search: fans, clubs, hashtags and posts as the fan types; recent searches while the box is empty. */
export function SearchRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const [recent, setRecent] = useState(readRecentSearches);

  // The settled search lives in the address, so Back and a shared link return to the same results.
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, params, setParams]);

  const remember = () => setRecent(addRecentSearch(text));

  return (
    <>
      <PageHeader title={t('search.title')} back />
      <div className="sticky top-14 z-20 border-b border-border bg-background/95 px-4 py-2 backdrop-blur">
        <SearchField value={text} onChange={setText} onSubmit={remember} focusOnMount />
      </div>
      <div aria-live="polite" className="sr-only">
        {q ? t('search.resultsFor', { q }) : ''}
      </div>
      {q ? (
        <SearchResults
          q={q}
          onOpen={remember}
          renderPosts={(page) => <PostPreview page={page} />}
          allPosts={(empty) => <AllPosts q={q} empty={empty} />}
        />
      ) : (
        <RecentSearches
          searches={recent}
          onPick={(search) => {
            setText(search);
            setRecent(addRecentSearch(search));
          }}
          onRemove={(search) => setRecent(removeRecentSearch(search))}
          onClear={() => setRecent(clearRecentSearches())}
        />
      )}
    </>
  );
}
