import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { EmptyState } from '../../components/ui/empty-state';

export function NotificationsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notifications.title')} />
      <EmptyState icon={Bell} title={t('notifications.emptyTitle')} message={t('notifications.emptyMessage')} />
    </>
  );
}
