import { PenSquare } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useFeed } from '../../features/posts/api/get-feed';
import { PostList } from '../../features/posts/components/post-list';
import { appName } from '../../lib/i18n';
import { Spinner } from '../../components/ui/spinner';

// The leaderboard (its club picker and period toggle) loads when its tab is opened, not with the feed.
const LeaderboardTab = lazy(() =>
  import('../../features/leaderboard/components/leaderboard-tab').then((m) => ({ default: m.LeaderboardTab })),
);

/** All live public posts, newest first. Mounted only while the Feed tab is shown. */
function FeedTab() {
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

export function FeedRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={appName} />
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
