import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { DesignSystemPage } from '../../features/design-system/components/design-system-page';
import { BrandMark } from '../../components/layout/brand-mark';

export function DesignSystemRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('designSystem.title')} back="/settings" />
      <DesignSystemPage brandMark={<BrandMark className="size-24" />} />
    </>
  );
}
