import type { Club, PostPage, SearchResponse } from '@burti/shared';
import { AlertTriangle, Hash, SearchX, Shield } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { clubPlace, useClubName } from '../../../lib/club-name';
import { formatNumber } from '../../../lib/format';
import { useMe } from '../../auth/api/get-me';
import { useFanSearch, useSearch } from '../api/search';
import { FanResultItem } from './fan-result';

/** How many fans the All tab shows before "See all". */
const TOP_FANS = 5;

type Kind = 'all' | 'fans' | 'posts';

function Section({ id, title, children, more }: { id: string; title: string; children: ReactNode; more?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-b border-border py-2">
      <h2 id={id} className="px-4 py-2 text-sm font-semibold text-muted-foreground">
        {title}
      </h2>
      {children}
      {more && <div className="px-4 pb-2">{more}</div>}
    </section>
  );
}

function ClubItem({ club, own, onOpen }: { club: Club; own: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const body = (
    <>
      <Shield aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold">{nameOf(club)}</span>
        <span className="truncate text-sm text-muted-foreground">
          {own ? t('search.yourClub') : clubPlace(club, t)}
        </span>
      </span>
    </>
  );
  const classes = 'flex min-h-14 items-center gap-3 px-4 py-2';
  // Every club opens: one's own at /club, any other at its page /club/{id}.
  return (
    <li>
      <Link
        to={own ? '/club' : `/club/${club.id}`}
        onClick={onOpen}
        className={`${classes} hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring`}
      >
        {body}
      </Link>
    </li>
  );
}

/** The first results of every kind, a section each. */
function TopResults({
  data,
  onOpen,
  onSeeAll,
  renderPosts,
}: {
  data: SearchResponse;
  onOpen: () => void;
  onSeeAll: (kind: Kind) => void;
  renderPosts: (page: PostPage) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const fans = data.fans.fans.slice(0, TOP_FANS);
  return (
    <div>
      {fans.length > 0 && (
        <Section
          id="search-fans"
          title={t('search.fans')}
          more={
            (data.fans.fans.length > TOP_FANS || data.fans.nextCursor) && (
              <Button variant="link" className="px-0" onClick={() => onSeeAll('fans')}>
                {t('search.seeAllFans')}
              </Button>
            )
          }
        >
          <ul>
            {fans.map((fan) => (
              <FanResultItem key={fan.id} fan={fan} onOpen={onOpen} />
            ))}
          </ul>
        </Section>
      )}
      {data.clubs.length > 0 && (
        <Section id="search-clubs" title={t('search.clubs')}>
          <ul>
            {data.clubs.map((club) => (
              <ClubItem key={club.id} club={club} own={me?.primaryClub?.id === club.id} onOpen={onOpen} />
            ))}
          </ul>
        </Section>
      )}
      {data.hashtags.length > 0 && (
        <Section id="search-hashtags" title={t('search.hashtags')}>
          <ul>
            {data.hashtags.map((hashtag) => (
              <li key={hashtag.tag}>
                <Link
                  to={`/tag/${encodeURIComponent(hashtag.tag)}`}
                  onClick={onOpen}
                  className="flex min-h-12 items-center gap-3 px-4 py-2 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                >
                  <Hash aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate font-semibold">#{hashtag.tag}</span>
                  <span className="shrink-0 text-sm text-muted-foreground">
                    {t('search.recentPosts', {
                      count: hashtag.postsCount,
                      formatted: formatNumber(hashtag.postsCount),
                    })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {data.posts.posts.length > 0 && (
        <Section
          id="search-posts"
          title={t('search.posts')}
          more={
            data.posts.nextCursor && (
              <Button variant="link" className="px-0" onClick={() => onSeeAll('posts')}>
                {t('search.seeAllPosts')}
              </Button>
            )
          }
        >
          {renderPosts(data.posts)}
        </Section>
      )}
    </div>
  );
}

function NoResults({ q }: { q: string }) {
  const { t } = useTranslation();
  return <EmptyState icon={SearchX} title={t('search.noResultsTitle', { q })} message={t('search.noResultsMessage')} />;
}

function FanResults({ q, onOpen }: { q: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const query = useFanSearch(q, true);
  if (query.isPending)
    return (
      <div className="flex justify-center p-8">
        <Spinner label={t('app.loading')} />
      </div>
    );
  if (query.isError)
    return (
      <EmptyState
        icon={AlertTriangle}
        title={t('search.failed')}
        action={<Button onClick={() => void query.refetch()}>{t('search.retry')}</Button>}
      />
    );
  const fans = query.data.pages.flatMap((page) => page.fans);
  if (fans.length === 0) return <NoResults q={q} />;
  return (
    <div>
      <ul>
        {fans.map((fan) => (
          <FanResultItem key={fan.id} fan={fan} onOpen={onOpen} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center p-4">
          <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? t('search.loadingMore') : t('search.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Results for a search: All (a section per kind), Fans and Posts (each paged on by cursor). */
export function SearchResults({
  q,
  onOpen,
  renderPosts,
  allPosts,
}: {
  q: string;
  onOpen: () => void;
  /** The All tab's first posts (the posts feature draws them). */
  renderPosts: (page: PostPage) => ReactNode;
  /** The Posts tab: every post found, paged (the posts feature draws it). */
  allPosts: (noResults: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('all');
  const top = useSearch(q);
  const data = top.data;
  const empty =
    data && !data.fans.fans.length && !data.clubs.length && !data.hashtags.length && !data.posts.posts.length;

  return (
    <Tabs value={kind} onValueChange={(value) => setKind(value as Kind)} className="gap-0">
      <TabsList>
        <TabsTrigger value="all">{t('search.tabAll')}</TabsTrigger>
        <TabsTrigger value="fans">{t('search.fans')}</TabsTrigger>
        <TabsTrigger value="posts">{t('search.posts')}</TabsTrigger>
      </TabsList>
      <TabsContent value="all" aria-busy={top.isFetching}>
        {top.isPending ? (
          <div className="flex justify-center p-8">
            <Spinner label={t('app.loading')} />
          </div>
        ) : top.isError ? (
          <EmptyState
            icon={AlertTriangle}
            title={t('search.failed')}
            action={<Button onClick={() => void top.refetch()}>{t('search.retry')}</Button>}
          />
        ) : empty ? (
          <NoResults q={q} />
        ) : (
          data && <TopResults data={data} onOpen={onOpen} onSeeAll={setKind} renderPosts={renderPosts} />
        )}
      </TabsContent>
      <TabsContent value="fans">{kind === 'fans' && <FanResults q={q} onOpen={onOpen} />}</TabsContent>
      <TabsContent value="posts">{kind === 'posts' && allPosts(<NoResults q={q} />)}</TabsContent>
    </Tabs>
  );
}
