import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { BrandTab } from './brand-tab';
import { ComponentsTab } from './components-tab';
import { ExamplesTab } from './examples-tab';
import { GuidelinesTab } from './guidelines-tab';

const TABS = ['brand', 'components', 'examples', 'guidelines'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => value !== null && (TABS as readonly string[]).includes(value);

/**
 * The design-system showcase: four tabs, every specimen rendered from the app's own components and tokens so
 * the page cannot drift from the product. The tab is kept in the address (?tab=).
 */
export function DesignSystemPage({ brandMark }: { brandMark: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'brand';

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setParams(value === 'brand' ? {} : { tab: value }, { replace: true })}
      className="gap-0"
    >
      <p className="px-4 pt-3 text-sm text-muted-foreground">{t('designSystem.lead')}</p>
      <TabsList
        aria-label={t('designSystem.tabsLabel')}
        className="sticky top-14 z-20 mt-2 bg-background/95 backdrop-blur"
      >
        {TABS.map((value) => (
          <TabsTrigger
            key={value}
            value={value}
            className="whitespace-normal px-1.5 text-center text-xs leading-tight sm:px-4 sm:text-sm"
          >
            {t(`designSystem.tabs.${value}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="brand">
        <BrandTab brandMark={brandMark} />
      </TabsContent>
      <TabsContent value="components">
        <ComponentsTab />
      </TabsContent>
      <TabsContent value="examples">
        <ExamplesTab />
      </TabsContent>
      <TabsContent value="guidelines">
        <GuidelinesTab />
      </TabsContent>
    </Tabs>
  );
}
