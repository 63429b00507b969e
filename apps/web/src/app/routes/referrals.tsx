import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { InviteDialog } from '../../features/referrals/components/invite-dialog';
import { ReferralsView } from '../../features/referrals/components/referrals-view';

export function ReferralsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('referrals.title')} back="/profile" />
      <ReferralsView
        invite={
          <InviteDialog
            trigger={
              <Button className="w-full">
                <UserPlus aria-hidden="true" />
                {t('referrals.invite')}
              </Button>
            }
          />
        }
      />
    </>
  );
}
