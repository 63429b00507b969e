import type { PublicProfile } from '@burti/shared';
import { Ban, PenSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClubBadge } from '../../../components/club/club-badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { GoalBadge } from '../../../components/ui/goal-badge';
import { UserAvatar } from '../../../components/ui/avatar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useClubName } from '../../../lib/club-name';
import { formatNumber } from '../../../lib/format';

/** The body of a profile: identity, club, bio, counts and the posts tab. */
export function ProfileView({
  profile,
  isOwn,
  showGoal,
  actions,
  postsSlot,
  avatar,
  blocked = false,
}: {
  profile: PublicProfile;
  isOwn: boolean;
  /**
   * The viewer blocked this fan: their posts are hidden from the viewer, so the tab says why instead of
   * "No posts yet" under a posts count that is not zero.
   */
  blocked?: boolean;
  showGoal: boolean;
  actions?: ReactNode;
  /** The fan's posts, composed by the route (profiles don't reach into the posts feature themselves). */
  postsSlot?: ReactNode;
  /** Replaces the plain avatar (the own profile's is a button that uploads a new picture). */
  avatar?: ReactNode;
}) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  const stats = [
    { key: 'posts', label: t('profile.postsStat', { count: profile.postsCount }), value: profile.postsCount },
    {
      key: 'followers',
      label: t('profile.followersStat', { count: profile.followersCount }),
      value: profile.followersCount,
    },
    { key: 'following', label: t('profile.following'), value: profile.followingCount },
  ];
  return (
    <div className="flex flex-col">
      <section className="flex flex-col gap-4 p-4">
        <div className="flex items-center gap-4">
          {avatar ?? <UserAvatar src={profile.avatarUrl} name={profile.nickname} size="xl" />}
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-xl font-bold">{profile.nickname}</h2>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {profile.primaryClub && (
                <Link
                  to={`/club/${profile.primaryClub.id}`}
                  className="flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <ClubBadge name={profile.primaryClub.name} label={nameOf(profile.primaryClub)} size="sm" />
                  {nameOf(profile.primaryClub)}
                </Link>
              )}
              {showGoal && <GoalBadge amount={profile.goalBalance} />}
            </div>
          </div>
        </div>
        {profile.bio && (
          <p className="whitespace-pre-line break-words text-[15px] [overflow-wrap:anywhere]">{profile.bio}</p>
        )}
        <dl className="grid grid-cols-3 gap-2 rounded-xl border border-border bg-card p-3 text-center">
          {stats.map((stat) => (
            <div key={stat.key} className="flex min-w-0 flex-col-reverse">
              <dt className="text-xs break-words text-muted-foreground">{stat.label}</dt>
              <dd className="text-lg font-bold tabular-nums">{formatNumber(stat.value)}</dd>
            </div>
          ))}
        </dl>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </section>
      <Tabs defaultValue="posts" className="gap-0">
        <TabsList className="w-full">
          <TabsTrigger value="posts" className="flex-1">
            {t('profile.postsTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="posts">
          {blocked ? (
            <EmptyState
              icon={Ban}
              title={t('profile.blockedTitle', { nickname: profile.nickname })}
              // The sentence comes with the profile screens' strings (social), not with the first screen's.
              message={profile.postsCount > 0 ? t('social.blockedMessage', { count: profile.postsCount }) : undefined}
            />
          ) : (
            (postsSlot ??
            (isOwn ? (
              <EmptyState
                icon={PenSquare}
                title={t('profile.noPostsOwn')}
                action={
                  <Button asChild>
                    <Link to="/post/new">{t('profile.createFirst')}</Link>
                  </Button>
                }
              />
            ) : (
              <EmptyState icon={PenSquare} title={t('profile.noPostsOther')} />
            )))
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
