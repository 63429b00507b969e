import { PenSquare, Search, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useFeed } from '../../features/posts/api/get-feed';
import { useFollowingFeed } from '../../features/posts/api/get-following-feed';
import { PostList } from '../../features/posts/components/post-list';
import { appName } from '../../lib/i18n';
import { Spinner } from '../../components/ui/spinner';

// The leaderboard (its club picker and period toggle) loads when its tab is opened, not with the feed.
const LeaderboardTab = lazy(() =>
  import('../../features/leaderboard/components/leaderboard-tab').then((m) => ({ default: m.LeaderboardTab })),
);

/** All live public posts, newest first. Mounted only while "For you" is shown. */
function ForYouFeed() {
  const { t } = useTranslation();
  const query = useFeed();
  return (
    <PostList
      query={query}
      errorTitle={t('feed.loadFailed')}
      empty={
        <EmptyState
          icon={PenSquare}
          title={t('feed.emptyTitle')}
          message={t('feed.emptyMessage')}
          action={
            <Button asChild>
              <Link to="/post/new">{t('feed.createPost')}</Link>
            </Button>
          }
        />
      }
    />
  );
}

/** Posts and shares of the fans the viewer follows. Mounted only while "Following" is shown. */
function FollowingFeed() {
  const { t } = useTranslation();
  const query = useFollowingFeed();
  return (
    <PostList
      query={query}
      errorTitle={t('feed.loadFailed')}
      empty={
        <EmptyState
          icon={Users}
          title={t('feed.followingEmptyTitle')}
          message={t('feed.followingEmptyMessage')}
          action={
            <Button asChild variant="outline">
              <Link to="/search">{t('feed.findFans')}</Link>
            </Button>
          }
        />
      }
    />
  );
}

type Source = 'forYou' | 'following';

/** The second row of tabs reads as chips under the Feed / Leaderboard tabs, not as a second underline. */
const SOURCE_TAB =
  'min-h-9 flex-none rounded-full border border-border px-4 after:hidden data-[state=active]:border-foreground data-[state=active]:bg-foreground data-[state=active]:text-background';

/** The Feed tab: For you (everyone) or Following (the fans one follows), as tabs of their own. */
function FeedTab() {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('forYou');
  return (
    <Tabs value={source} onValueChange={(value) => setSource(value as Source)} className="gap-0">
      <TabsList aria-label={t('feed.sourceLabel')} className="gap-2 px-4 py-2">
        <TabsTrigger value="forYou" className={SOURCE_TAB}>
          {t('feed.forYou')}
        </TabsTrigger>
        <TabsTrigger value="following" className={SOURCE_TAB}>
          {t('feed.followingTab')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="forYou">{source === 'forYou' && <ForYouFeed />}</TabsContent>
      <TabsContent value="following">{source === 'following' && <FollowingFeed />}</TabsContent>
    </Tabs>
  );
}

export function FeedRoute() {
  const { t } = useTranslation();
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
