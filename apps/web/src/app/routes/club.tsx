import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClubBadge } from '../../components/club/club-badge';
import { CountryFlag } from '../../components/club/country-flag';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useMe } from '../../features/auth/api/get-me';
import { useClub } from '../../features/clubs/api/get-club';
import { ClubMatches } from '../../features/matches/components/club-matches';
import { NextMatchCard } from '../../features/matches/components/next-match-card';
import { useClubPosts } from '../../features/posts/api/get-club-posts';
import { PostList } from '../../features/posts/components/post-list';
import { TrendingTags } from '../../features/tags/components/trending-tags';
import { useClubName } from '../../lib/club-name';
import { formatNumber } from '../../lib/format';

export function ClubRoute() {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const { data: me } = useMe();
  const club = useClub(me?.primaryClub?.id);

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
  const { name, country } = me.primaryClub;
  const shown = nameOf(me.primaryClub);
  return (
    <>
      <header className="flex flex-col gap-3 border-b border-border bg-card p-4">
        <div className="flex items-center gap-3">
          <ClubBadge name={name} label={shown} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-xl font-bold">{shown}</h1>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CountryFlag country={country} size="sm" />
              {t('club.subtitle')}
            </p>
          </div>
        </div>
        <dl className="flex gap-6">
          {[
            {
              key: 'fans',
              label: t('club.fansStat', { count: club.data?.fansCount ?? 0 }),
              value: club.data?.fansCount,
            },
            {
              key: 'posts',
              label: t('club.postsStat', { count: club.data?.postsCount ?? 0 }),
              value: club.data?.postsCount,
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
      </header>
      <NextMatchCard clubId={me.primaryClub.id} />
      <ClubMatches clubId={me.primaryClub.id} />
      <TrendingTags clubId={me.primaryClub.id} />
      <ClubPosts clubId={me.primaryClub.id} clubName={shown} />
    </>
  );
}

/** The club's posts, 20 a page, with Load More and the caught-up line at the end. */
function ClubPosts({ clubId, clubName }: { clubId: number; clubName: string }) {
  const { t } = useTranslation();
  const query = useClubPosts(clubId);
  return (
    <PostList
      query={query}
      errorTitle={t('club.loadFailed')}
      loadMoreLabel={t('club.loadMore')}
      endMessage={t('club.caughtUp')}
      empty={
        <EmptyState
          icon={Megaphone}
          title={t('club.emptyTitle', { club: clubName })}
          message={t('club.emptyMessage')}
          action={
            <Button asChild>
              <Link to="/post/new">{t('club.createFirst')}</Link>
            </Button>
          }
        />
      }
    />
  );
}
