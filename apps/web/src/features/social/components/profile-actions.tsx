import type { Relationship } from '@burti/shared';
import { Ban, Flag, MoreHorizontal, UserCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { useBlock, useFollow, useReportUser } from '../api/relationship';

/** Follow / Following / Blocked, and a menu with Block or Unblock and Report User. Hidden on one's own profile. */
export function ProfileActions({ userId, relationship }: { userId: string; relationship: Relationship }) {
  const { t } = useTranslation();
  const follow = useFollow(userId);
  const block = useBlock(userId);
  const report = useReportUser(userId);
  if (relationship.isSelf) return null;

  const onFollow = () => {
    if (follow.isPending) return;
    const next = !relationship.isFollowing;
    follow.mutate(next, {
      onSuccess: () => toast.success(next ? t('social.following') : t('social.unfollowed')),
      onError: (error) => toast.error(t('app.error'), { description: error.message }),
    });
  };
  const onBlock = () =>
    block.mutate(!relationship.hasBlocked, {
      onSuccess: (state) => toast.success(state.blocked ? t('social.userBlocked') : t('social.userUnblocked')),
      onError: (error) => toast.error(t('app.error'), { description: error.message }),
    });
  const onReport = () =>
    report.mutate(undefined, {
      onSuccess: () => toast.success(t('social.userReported'), { description: t('social.thanks') }),
      onError: (error) =>
        error instanceof ApiError && error.status === 409
          ? toast.info(error.message)
          : toast.error(t('app.error'), { description: error.message }),
    });

  return (
    <div className="flex items-center gap-2">
      {relationship.hasBlocked ? (
        <Button variant="outline" disabled>
          <Ban aria-hidden="true" />
          {t('social.blocked')}
        </Button>
      ) : (
        <Button
          variant={relationship.isFollowing ? 'outline' : 'default'}
          onClick={onFollow}
          aria-pressed={relationship.isFollowing}
          disabled={follow.isPending}
        >
          {relationship.isFollowing ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {relationship.isFollowing ? t('social.followingButton') : t('social.follow')}
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('social.moreOptions')}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onBlock} variant={relationship.hasBlocked ? 'default' : 'destructive'}>
            <Ban aria-hidden="true" />
            {relationship.hasBlocked ? t('social.unblock') : t('social.block')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden="true" />
            {t('social.reportUser')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
