import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { EmptyState } from '../../components/ui/empty-state';

export function AdminRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.title')} back="/profile" />
      <EmptyState icon={ShieldCheck} title={t('admin.title')} message={t('admin.emptyMessage')} />
    </>
  );
}
