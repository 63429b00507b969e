import type { FanResult } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/ui/avatar';
import { useClubName } from '../../../lib/club-name';
import { formatNumber } from '../../../lib/format';

/** A fan found by nickname: avatar, nickname, club and followers; opens the profile. */
export function FanResultItem({ fan, onOpen }: { fan: FanResult; onOpen?: () => void }) {
  const { t } = useTranslation();
  const nameOf = useClubName();
  return (
    <li>
      <Link
        to={`/profile/${encodeURIComponent(fan.nickname)}`}
        onClick={onOpen}
        className="flex min-h-14 items-center gap-3 px-4 py-2 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <UserAvatar src={fan.avatarUrl} name={fan.nickname} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold">{fan.nickname}</span>
          <span className="truncate text-sm text-muted-foreground">
            {[
              fan.club ? nameOf(fan.club) : null,
              t('search.followers', { count: fan.followersCount, formatted: formatNumber(fan.followersCount) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      </Link>
    </li>
  );
}
