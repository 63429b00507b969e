import { REFERRAL_REWARD, type Referral } from '@burti/shared';
import { Gift } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { GoalBadge } from '../../../components/ui/goal-badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { useReferrals } from '../api/get-referrals';
import { formatDate } from '../../../lib/format';
import { appName } from '../../../lib/i18n';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col-reverse items-center gap-1 text-center">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex min-h-7 items-center text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function ReferralItem({ referral }: { referral: Referral }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <UserAvatar src={referral.referee.avatarUrl} name={referral.referee.nickname} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to={`/u/${referral.referee.id}`}
            className="truncate font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {referral.referee.nickname}
          </Link>
          <Badge variant="outline">{t(`referrals.sources.${referral.source}`)}</Badge>
        </div>
        <time dateTime={referral.createdAt} className="mt-0.5 block text-xs text-muted-foreground">
          {t('referrals.invitedOn', { date: formatDate(referral.createdAt) })}
        </time>
      </div>
      {referral.rewarded ? (
        <Badge variant="gold">{t('referrals.rewarded', { reward: REFERRAL_REWARD })}</Badge>
      ) : (
        <Badge variant="secondary">{t('referrals.pending')}</Badge>
      )}
    </li>
  );
}

/** The Referrals screen's body: earnings, how it works, and everyone the fan invited. `invite` opens the dialog. */
export function ReferralsView({ invite }: { invite: ReactNode }) {
  const { t } = useTranslation();
  const query = useReferrals();
  const data = query.data;

  // Spec: a failed referral list is logged and shown as an empty list.
  useEffect(() => {
    if (query.isError) console.warn('Could not load the referrals', query.error);
  }, [query.isError, query.error]);

  const unavailable = t('referrals.unavailable');
  const reward = REFERRAL_REWARD;

  return (
    <div className="flex flex-col gap-4 p-4">
      <Card className="flex flex-col gap-4 p-4">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{t('referrals.earningsTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('referrals.earningsSubtitle', { reward })}</p>
          </div>
          <Gift aria-hidden="true" className="size-8 shrink-0 text-gold" />
        </div>
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted p-3" aria-busy={query.isPending || undefined}>
          <Stat
            label={t('referrals.totalInvited')}
            value={query.isPending ? <Skeleton className="h-6 w-8" /> : (data?.totalInvited ?? unavailable)}
          />
          <Stat
            label={t('referrals.earned')}
            value={
              query.isPending ? (
                <Skeleton className="h-6 w-12" />
              ) : data ? (
                <GoalBadge amount={data.earned} />
              ) : (
                unavailable
              )
            }
          />
          <Stat
            label={t('referrals.balance')}
            value={
              query.isPending ? (
                <Skeleton className="h-6 w-12" />
              ) : data ? (
                <GoalBadge amount={data.balance} data-testid="referrals-balance" />
              ) : (
                unavailable
              )
            }
          />
        </dl>
        {data && data.leftCount > 0 && (
          // Without this, "Invited 0" beside "Earned 35" after an invited fan deleted their account reads as a bug.
          <p className="text-sm text-muted-foreground" data-testid="referrals-left">
            {t('referrals.left', { count: data.leftCount, appName })}
          </p>
        )}
        {invite}
      </Card>

      <Card className="p-4">
        <h2 className="text-lg font-semibold">{t('referrals.howTitle')}</h2>
        <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-sm text-muted-foreground marker:text-brand">
          <li>{t('referrals.how.share')}</li>
          <li>{t('referrals.how.join')}</li>
          <li>{t('referrals.how.active')}</li>
          <li>{t('referrals.how.reward', { reward })}</li>
        </ul>
      </Card>

      <Card className="overflow-hidden">
        <h2 className="px-4 pt-4 text-lg font-semibold">{t('referrals.listTitle')}</h2>
        {query.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-3 p-4">
            <span className="sr-only" role="status">
              {t('referrals.loading')}
            </span>
            {Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-5 w-16" />
              </div>
            ))}
          </div>
        ) : data && data.referrals.length > 0 ? (
          <ul aria-label={t('referrals.listLabel')} className="mt-2 flex flex-col divide-y divide-border">
            {data.referrals.map((referral) => (
              <ReferralItem key={referral.id} referral={referral} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={Gift} title={t('referrals.emptyTitle')} message={t('referrals.emptyMessage')} />
        )}
      </Card>
    </div>
  );
}
