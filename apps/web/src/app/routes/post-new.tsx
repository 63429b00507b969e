import { PenSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { EmptyState } from '../../components/ui/empty-state';

export function PostNewRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto min-h-dvh w-full max-w-2xl">
      <PageHeader title={t('post.newTitle')} back="/feed" />
      <EmptyState icon={PenSquare} title={t('post.comingSoonTitle')} message={t('post.comingSoonMessage')} />
    </div>
  );
}
