import type { Club } from '@burti/shared';
import { Check, Megaphone, Plus, Shield } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ClubBadge } from '../../components/club/club-badge';
import { CountryFlag } from '../../components/club/country-flag';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toaster';
import { useMe } from '../../features/auth/api/get-me';
import { useFollowClub } from '../../features/clubs/api/follow-club';
import { useClub } from '../../features/clubs/api/get-club';
import { ClubMatches } from '../../features/matches/components/club-matches';
import { NextMatchCard } from '../../features/matches/components/next-match-card';
import { useClubPosts } from '../../features/posts/api/get-club-posts';
import { PostList } from '../../features/posts/components/post-list';
import { TrendingTags } from '../../features/tags/components/trending-tags';
import { ApiError } from '../../lib/api';
import { clubPlace, useClubName } from '../../lib/club-name';
import { formatNumber } from '../../lib/format';
import { loadNamespaces } from '../../lib/i18n';

const ClubAlerts = lazy(() =>
  Promise.all([import('../../features/matches/components/club-alerts'), loadNamespaces('matchAlerts')]).then(([m]) => ({
    default: m.ClubAlerts,
  })),
);
const LeaderboardTab = lazy(() =>
  import('../../features/leaderboard/components/leaderboard-tab').then((m) => ({ default: m.LeaderboardTab })),
);

/** The spec's `/club`: the fan's own club, with its trending tags and posts. */
export function ClubRoute() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me?.primaryClub) {
    return (
      <EmptyState
        title={t('club.noClubTitle')}
        message={t('club.noClubMessage')}
        action={
          <Button asChild>
            <Link to="/onboarding">{t('club.chooseClub')}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ClubHeader club={me.primaryClub} own />
      <NextMatchCard clubId={me.primaryClub.id} />
      <ClubMatches clubId={me.primaryClub.id} />
      <TrendingTags clubId={me.primaryClub.id} />
      <ClubPosts club={me.primaryClub} own />
    </>
  );
}

/**
 * `/club/{id}`: any club's page, the fan's own or a rival's: header, alerts for its matches, posts and leaderboard,
 * Follow feed.
 */
export function ClubPageRoute() {
  const { t } = useTranslation();
  const { clubId: raw } = useParams();
  const clubId = Number(raw);
  const valid = Number.isInteger(clubId) && clubId > 0 && clubId <= 2_147_483_647;
  const { data: me } = useMe();
  const club = useClub(valid ? clubId : undefined);

  if (!valid || (club.error instanceof ApiError && club.error.code === 'CLUB_NOT_FOUND')) {
    return <EmptyState icon={Shield} title={t('clubPage.notFoundTitle')} message={t('clubPage.notFoundMessage')} />;
  }
  if (club.isError && !club.data) {
    return (
      <EmptyState
        icon={Shield}
        title={t('clubPage.loadFailed')}
        message={t('clubPage.loadFailedMessage')}
        action={
          <Button variant="outline" onClick={() => void club.refetch()}>
            {t('clubPage.retry')}
          </Button>
        }
      />
    );
  }
  if (!club.data) return <ClubHeaderSkeleton />;
  const own = me?.primaryClub?.id === club.data.id;
  return (
    <>
      <ClubHeader club={club.data} own={own} />
      <Suspense fallback={null}>
        <ClubAlerts club={club.data} />
      </Suspense>
      <Tabs defaultValue="posts" className="gap-0">
        <TabsList className="w-full">
          <TabsTrigger value="posts" className="flex-1">
            {t('clubPage.postsTab')}
          </TabsTrigger>
          <TabsTrigger value="leaderboard" className="flex-1">
            {t('clubPage.leaderboardTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="posts">
          <ClubPosts club={club.data} own={own} />
        </TabsContent>
        <TabsContent value="leaderboard">
          <Suspense fallback={<Skeleton className="m-4 h-40" />}>
            <LeaderboardTab clubId={club.data.id} />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}

function ClubHeaderSkeleton() {
  return (
    <header className="flex flex-col gap-3 border-b border-border bg-card p-4" aria-busy="true">
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <Skeleton className="h-6 w-48" />
    </header>
  );
}

/** Badge, name in the fan's language, country · league, fans and posts; Follow feed on another club's page. */
function ClubHeader({ club, own }: { club: Club; own: boolean }) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const detail = useClub(club.id);
  const shown = nameOf(club);
  return (
    <header className="flex flex-col gap-3 border-b border-border bg-card p-4">
      <div className="flex items-center gap-3">
        <ClubBadge name={club.name} label={shown} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-xl font-bold">{shown}</h1>
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <CountryFlag country={club.country} size="sm" />
            <span className="min-w-0 break-words">{own ? t('club.subtitle') : clubPlace(club, t)}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="flex gap-6">
          {[
            {
              key: 'fans',
              label: t('club.fansStat', { count: detail.data?.fansCount ?? 0 }),
              value: detail.data?.fansCount,
            },
            {
              key: 'posts',
              label: t('club.postsStat', { count: detail.data?.postsCount ?? 0 }),
              value: detail.data?.postsCount,
            },
          ].map((stat) => (
            <div key={stat.key} className="flex flex-row-reverse items-baseline justify-end gap-1.5">
              <dt className="text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="text-lg font-bold tabular-nums">
                {stat.value === undefined ? <Skeleton className="inline-block h-5 w-8" /> : formatNumber(stat.value)}
              </dd>
            </div>
          ))}
        </dl>
        {own ? (
          <span className="text-sm font-medium text-brand">{t('clubPage.yourClub')}</span>
        ) : detail.data ? (
          <FollowButton clubId={club.id} following={detail.data.viewerFollows} />
        ) : null}
      </div>
    </header>
  );
}

function FollowButton({ clubId, following }: { clubId: number; following: boolean }) {
  const { t } = useTranslation();
  const follow = useFollowClub(clubId);
  return (
    <Button
      size="sm"
      variant={following ? 'outline' : 'default'}
      aria-pressed={following}
      title={t('clubPage.followHint')}
      isLoading={follow.isPending}
      onClick={() =>
        follow.mutate(!following, {
          onError: (error) => toast.error(t('clubPage.followFailed'), { description: error.message }),
        })
      }
    >
      {following ? <Check aria-hidden="true" className="size-4" /> : <Plus aria-hidden="true" className="size-4" />}
      {following ? t('clubPage.following') : t('clubPage.follow')}
    </Button>
  );
}

/** The club's posts, 20 a page, with Load More and the caught-up line at the end. */
function ClubPosts({ club, own }: { club: Club; own: boolean }) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const query = useClubPosts(club.id);
  return (
    <PostList
      query={query}
      errorTitle={t('club.loadFailed')}
      loadMoreLabel={t('club.loadMore')}
      endMessage={own ? t('club.caughtUp') : undefined}
      empty={
        own ? (
          <EmptyState
            icon={Megaphone}
            title={t('club.emptyTitle', { club: nameOf(club) })}
            message={t('club.emptyMessage')}
            action={
              <Button asChild>
                <Link to="/post/new">{t('club.createFirst')}</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Megaphone}
            title={t('clubPage.emptyTitle', { club: nameOf(club) })}
            message={t('clubPage.emptyMessage')}
          />
        )
      }
    />
  );
}
