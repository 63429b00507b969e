import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { EmptyState } from '../../components/ui/empty-state';

export function ReferralsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('referrals.title')} back="/profile" />
      <EmptyState icon={Gift} title={t('referrals.emptyTitle')} message={t('referrals.emptyMessage')} />
    </>
  );
}
