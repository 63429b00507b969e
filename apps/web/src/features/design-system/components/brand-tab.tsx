import { TAGLINE } from '@burti/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { colorTokens, fontFamily, radiusTokens } from '../../../components/ui/tokens';
import { appName } from '../../../lib/i18n';
import { ShowcaseSection } from './section';

/** Logo, name, tagline, the colour palette and the radii, straight from the tokens. */
export function BrandTab({ brandMark }: { brandMark: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <ShowcaseSection title={t('designSystem.brand.logo')} description={t('designSystem.brand.logoText')}>
        <div className="flex flex-wrap items-center gap-6 rounded-lg border border-border bg-card p-6">
          <span className="[&_svg]:size-24">{brandMark}</span>
          <div className="flex flex-col gap-1">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {t('designSystem.brand.name')}
            </p>
            <p className="text-3xl font-bold tracking-tight">{appName}</p>
            <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {t('designSystem.brand.tagline')}
            </p>
            <p className="text-base">{TAGLINE}</p>
          </div>
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.brand.palette')} description={t('designSystem.brand.paletteText')}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {colorTokens.map((token) => (
            <li key={token.name} className="overflow-hidden rounded-lg border border-border bg-card">
              <div className="h-14 border-b border-border" style={{ background: `var(${token.cssVar})` }} />
              <div className="flex flex-col gap-0.5 p-2 text-sm">
                <p className="font-semibold">{token.name}</p>
                <p className="font-mono text-xs text-muted-foreground">{token.value}</p>
                <p className="text-xs text-muted-foreground">{t(`designSystem.tokens.color.${token.name}`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.brand.radius')}>
        <ul className="flex flex-wrap gap-4">
          {radiusTokens.map((token) => (
            <li key={token.name} className="flex flex-col items-center gap-2 text-center text-xs">
              <div
                className="size-16 border-2 border-brand bg-brand/10"
                style={{ borderRadius: `var(${token.cssVar})` }}
              />
              <span className="font-semibold">{token.name}</span>
              <span className="font-mono text-muted-foreground">{token.value}</span>
            </li>
          ))}
        </ul>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.brand.font')} description={t('designSystem.brand.fontText')}>
        <div className="rounded-lg border border-border bg-card p-4">
          <p className="text-2xl font-bold">{TAGLINE}</p>
          <p className="mt-1 text-lg" lang="ka">
            {t('designSystem.brand.georgianSample')}
          </p>
          <p className="mt-2 font-mono text-xs text-muted-foreground">{fontFamily}</p>
        </div>
      </ShowcaseSection>
    </>
  );
}
