import { Gift, Settings, ShieldCheck, UserX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toaster';
import { useMe } from '../../features/auth/api/get-me';
import { useProfileById, useProfileByNickname } from '../../features/profile/api/get-profile';
import { AvatarUpload } from '../../features/profile/components/avatar-upload';
import { EditProfileDialog } from '../../features/profile/components/edit-profile-dialog';
import { InviteDialog } from '../../features/referrals/components/invite-dialog';
import { ProfileActions } from '../../features/social/components/profile-actions';
import { UserPostList } from '../../features/posts/components/user-post-list';
import { ProfileView } from '../../features/profile/components/profile-view';
import { ApiError } from '../../lib/api';

function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-4 p-4" aria-busy="true">
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-28" />
        </div>
      </div>
      <Skeleton className="h-16 rounded-xl" />
    </div>
  );
}

export function OwnProfileRoute() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return <ProfileSkeleton />;
  return (
    <>
      <PageHeader
        title={me.nickname}
        actions={
          <>
            {me.isAdmin && (
              <Button variant="ghost" size="icon" asChild>
                <Link to="/admin" aria-label={t('profile.admin')}>
                  <ShieldCheck aria-hidden="true" />
                </Link>
              </Button>
            )}
            <Button variant="ghost" size="icon" asChild>
              <Link to="/settings" aria-label={t('profile.settings')}>
                <Settings aria-hidden="true" />
              </Link>
            </Button>
          </>
        }
      />
      <ProfileView
        profile={me}
        isOwn
        showGoal
        avatar={<AvatarUpload me={me} />}
        postsSlot={<UserPostList userId={me.id} isOwn />}
        actions={
          <>
            <EditProfileDialog me={me} />
            <InviteDialog
              trigger={
                <Button variant="outline" size="sm">
                  <Gift aria-hidden="true" />
                  {t('profile.invite')}
                </Button>
              }
            />
          </>
        }
      />
    </>
  );
}

/** /profile/{nickname}: the own profile when the nickname matches, otherwise that fan's. */
export function NicknameProfileRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { nickname = '' } = useParams();
  const { data: me } = useMe();
  const isOwn = me?.nickname.toLowerCase() === nickname.toLowerCase();
  const profile = useProfileByNickname(nickname, !isOwn);

  useEffect(() => {
    if (profile.isError) {
      const notFound = profile.error instanceof ApiError && profile.error.status === 404;
      toast.error(t('app.error'), { description: notFound ? t('profile.notFound') : t('profile.loadFailed') });
      void navigate('/feed', { replace: true });
    }
  }, [profile.isError, profile.error, navigate, t]);

  if (isOwn) return <Navigate to="/profile" replace />;
  return (
    <>
      <PageHeader title={profile.data?.profile.nickname ?? nickname} back={true} />
      {profile.data ? (
        <ProfileView
          profile={profile.data.profile}
          isOwn={false}
          showGoal={profile.data.profile.goalBalance > 0}
          actions={<ProfileActions userId={profile.data.profile.id} relationship={profile.data.relationship} />}
          blocked={profile.data.relationship.hasBlocked}
          postsSlot={<UserPostList userId={profile.data.profile.id} isOwn={false} />}
        />
      ) : (
        <ProfileSkeleton />
      )}
    </>
  );
}

/** /u/{userId}: the public profile an author link points to. */
export function UserProfileRoute() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const { data: me } = useMe();
  const profile = useProfileById(userId);
  const isOwn = me?.id === userId;

  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <>
        <PageHeader title={t('profile.userNotFoundTitle')} back="/feed" />
        <EmptyState
          icon={UserX}
          title={notFound ? t('profile.userNotFoundTitle') : t('profile.loadFailed')}
          message={notFound ? t('profile.userNotFoundMessage') : undefined}
          action={
            <Button asChild>
              <Link to="/feed">{t('profile.backToFeed')}</Link>
            </Button>
          }
        />
      </>
    );
  }
  const data = profile.data?.profile;
  const relationship = profile.data?.relationship;
  return (
    <>
      <PageHeader
        back={true}
        title={
          data ? (
            <span className="flex flex-col leading-tight">
              <span>{data.nickname}</span>
              <span className="text-xs font-normal text-muted-foreground">
                {t('profile.postsCount', { count: data.postsCount })}
              </span>
            </span>
          ) : (
            ''
          )
        }
      />
      {data ? (
        <ProfileView
          profile={data}
          isOwn={isOwn}
          showGoal={isOwn || data.goalBalance > 0}
          actions={relationship && <ProfileActions userId={data.id} relationship={relationship} />}
          blocked={relationship?.hasBlocked}
          postsSlot={<UserPostList userId={data.id} isOwn={isOwn} />}
        />
      ) : (
        <ProfileSkeleton />
      )}
    </>
  );
}
