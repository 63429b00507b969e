import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { colorTokens } from '../../components/ui/tokens';

export function DesignSystemRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('designSystem.title')} back="/settings" />
      <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3">
        {colorTokens.map((token) => (
          <li key={token.name} className="overflow-hidden rounded-xl border border-border bg-card">
            <div className="h-14" style={{ background: `var(${token.cssVar})` }} />
            <div className="p-2 text-sm">
              <p className="font-semibold">{token.name}</p>
              <p className="text-muted-foreground">{token.value}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
