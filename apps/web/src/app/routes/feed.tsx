import { PenSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LeaderboardTab } from '../../features/leaderboard/components/leaderboard-tab';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useFeed } from '../../features/posts/api/get-feed';
import { PostList } from '../../features/posts/components/post-list';
import { appName } from '../../lib/i18n';

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
          <LeaderboardTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
