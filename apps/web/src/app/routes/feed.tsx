import { PenSquare, Search, Shield, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useMe } from '../../features/auth/api/get-me';
import { useFeed } from '../../features/posts/api/get-feed';
import { useFollowedClubsFeed } from '../../features/clubs/api/get-followed-clubs-feed';
import { useFollowingFeed } from '../../features/posts/api/get-following-feed';
import { PostList } from '../../features/posts/components/post-list';
import { appName } from '../../lib/i18n';
import { Spinner } from '../../components/ui/spinner';

// The club's next match loads beside the feed, not in its chunk: the match card, its live stream and its time
// formats are the first screen's extra weight, and the posts do not wait for them.
const NextMatchCard = lazy(() =>
  import('../../features/matches/components/next-match-card').then((m) => ({ default: m.NextMatchCard })),
);

// The leaderboard (its club picker and period toggle) loads when its tab is opened, not with the feed.
const LeaderboardTab = lazy(() =>
  import('../../features/leaderboard/components/leaderboard-tab').then((m) => ({ default: m.LeaderboardTab })),
);

type Source = 'forYou' | 'following' | 'clubs';

/** What each source reads, and what it offers when there is nothing to read yet. */
const SOURCES = {
  // All live public posts, newest first.
  forYou: {
    useQuery: useFeed,
    icon: PenSquare,
    title: 'feed.emptyTitle',
    message: 'feed.emptyMessage',
    action: { to: '/post/new', label: 'feed.createPost', variant: 'default' },
  },
  // Posts and shares of the fans the viewer follows.
  following: {
    useQuery: useFollowingFeed,
    icon: Users,
    title: 'feed.followingEmptyTitle',
    message: 'feed.followingEmptyMessage',
    action: { to: '/search', label: 'feed.findFans', variant: 'outline' },
  },
  // Public posts of the clubs whose feeds the viewer follows (decision 024).
  clubs: {
    useQuery: useFollowedClubsFeed,
    icon: Shield,
    title: 'clubPage.clubsEmptyTitle',
    message: 'clubPage.clubsEmptyMessage',
    action: { to: '/search', label: 'clubPage.findClubs', variant: 'outline' },
  },
} as const;

/** One source's posts. Mounted only while its tab is shown, so the other source is not fetched. */
function SourceFeed({ source }: { source: Source }) {
  const { t } = useTranslation();
  const { useQuery, icon, title, message, action } = SOURCES[source];
  const query = useQuery();
  return (
    <PostList
      query={query}
      errorTitle={t('feed.loadFailed')}
      empty={
        <EmptyState
          icon={icon}
          title={t(title)}
          message={t(message)}
          action={
            <Button asChild variant={action.variant}>
              <Link to={action.to}>{t(action.label)}</Link>
            </Button>
          }
        />
      }
    />
  );
}

/** The second row of tabs reads as chips under the Feed / Leaderboard tabs, not as a second underline. */
const SOURCE_TAB =
  'min-h-9 flex-none rounded-full border border-border px-3 sm:px-4 after:hidden data-[state=active]:border-foreground data-[state=active]:bg-foreground data-[state=active]:text-background';

/** The Feed tab: For you (everyone) or Following (the fans one follows), as tabs of their own. */
function FeedTab() {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('forYou');
  return (
    <Tabs value={source} onValueChange={(value) => setSource(value as Source)} className="gap-0">
      <TabsList aria-label={t('feed.sourceLabel')} className="flex-wrap gap-2 px-4 py-2">
        <TabsTrigger value="forYou" className={SOURCE_TAB}>
          {t('feed.forYou')}
        </TabsTrigger>
        <TabsTrigger value="following" className={SOURCE_TAB}>
          {t('feed.followingTab')}
        </TabsTrigger>
        <TabsTrigger value="clubs" className={SOURCE_TAB}>
          {t('clubPage.clubsTab')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="forYou">{source === 'forYou' && <SourceFeed source="forYou" />}</TabsContent>
      <TabsContent value="following">{source === 'following' && <SourceFeed source="following" />}</TabsContent>
      <TabsContent value="clubs">{source === 'clubs' && <SourceFeed source="clubs" />}</TabsContent>
    </Tabs>
  );
}

export function FeedRoute() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  return (
    <>
      <PageHeader
        title={appName}
        actions={
          <Button asChild variant="ghost" size="icon">
            <Link to="/search" aria-label={t('search.open')}>
              <Search aria-hidden="true" />
            </Link>
          </Button>
        }
      />
      {me?.primaryClub && (
        <Suspense fallback={null}>
          <NextMatchCard clubId={me.primaryClub.id} />
        </Suspense>
      )}
      <Tabs defaultValue="feed" className="gap-0">
        <TabsList className="w-full">
          <TabsTrigger value="feed" className="flex-1">
            {t('feed.tabFeed')}
          </TabsTrigger>
          <TabsTrigger value="leaderboard" className="flex-1">
            {t('feed.tabLeaderboard')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="feed">
          <FeedTab />
        </TabsContent>
        <TabsContent value="leaderboard">
          <Suspense
            fallback={
              <div className="flex justify-center p-8">
                <Spinner label={t('app.loading')} />
              </div>
            }
          >
            <LeaderboardTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}
