import { MOBILE_BREAKPOINT } from '@burti/shared';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { durationTokens, easingTokens, typeScale } from '../../../components/ui/tokens';
import { ShowcaseSection } from './section';

const SPACING_ITEMS = ['touch', 'steps', 'breakpoint', 'bodyText', 'safeArea'] as const;
const VOICE_ITEMS = ['fan', 'errors', 'words', 'georgian', 'locales'] as const;
const SPACING_STEPS = [1, 2, 3, 4, 6, 8] as const;

/** One duration token, with a dot that crosses its track at that speed. */
function DurationDemo({ token }: { token: (typeof durationTokens)[number] }) {
  const { t } = useTranslation();
  const [moved, setMoved] = useState(false);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3 sm:flex-row sm:items-center">
      <div className="sm:w-44">
        <p className="font-semibold">
          {token.name} <span className="font-mono text-xs text-muted-foreground">{token.value}</span>
        </p>
        <p className="text-xs text-muted-foreground">{t(`designSystem.tokens.duration.${token.name}`)}</p>
      </div>
      <div className="flex flex-1 items-center gap-3">
        <div className="relative h-3 flex-1 rounded-full bg-muted">
          <span
            aria-hidden="true"
            className="absolute top-1/2 size-5 -translate-y-1/2 rounded-full bg-brand shadow"
            style={{
              left: moved ? 'calc(100% - 1.25rem)' : '0',
              transitionProperty: 'left',
              transitionDuration: `var(${token.cssVar})`,
              transitionTimingFunction: `var(${easingTokens[0].cssVar})`,
            }}
          />
        </div>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('designSystem.guidelines.play', { name: token.name })}
          onClick={() => setMoved((value) => !value)}
        >
          <Play aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** Typography, motion, spacing and voice: the rules, shown with the tokens that carry them. */
export function GuidelinesTab() {
  const { t } = useTranslation();
  return (
    <>
      <ShowcaseSection title={t('designSystem.guidelines.typography')}>
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {typeScale.map((entry) => (
            <li key={entry.key} className="flex flex-col gap-1 p-3">
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{t(`designSystem.tokens.type.${entry.key}.name`)}</span>
                <span className="font-mono">{entry.className}</span>
                <span>· {t(`designSystem.tokens.type.${entry.key}.usage`)}</span>
              </p>
              <p className={entry.className}>{t('designSystem.guidelines.typeSample')}</p>
            </li>
          ))}
        </ul>
      </ShowcaseSection>

      <ShowcaseSection
        title={t('designSystem.guidelines.motion')}
        description={t('designSystem.guidelines.motionText')}
      >
        <ul className="flex flex-col gap-2">
          {durationTokens.map((token) => (
            <DurationDemo key={token.name} token={token} />
          ))}
        </ul>
        <div className="rounded-lg border border-border bg-card p-3 text-sm">
          <p className="font-semibold">{t('designSystem.guidelines.easing')}</p>
          {easingTokens.map((token) => (
            <p key={token.name} className="text-muted-foreground">
              <span className="font-medium text-foreground">{token.name}</span>{' '}
              <span className="font-mono text-xs">{token.value}</span> · {t(`designSystem.tokens.easing.${token.name}`)}
            </p>
          ))}
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.guidelines.spacing')}>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {SPACING_ITEMS.map((item) => (
            <li key={item}>{t(`designSystem.guidelines.spacingItems.${item}`, { breakpoint: MOBILE_BREAKPOINT })}</li>
          ))}
        </ul>
        <div className="flex flex-wrap items-end gap-4 rounded-lg border border-border bg-card p-3">
          {SPACING_STEPS.map((step) => (
            <div key={step} className="flex flex-col items-center gap-1 text-xs">
              <span aria-hidden="true" className="block bg-brand/70" style={{ width: step * 4, height: step * 4 }} />
              <span className="font-mono text-muted-foreground">
                {t('designSystem.guidelines.pixels', { value: step * 4 })}
              </span>
            </div>
          ))}
          <div className="flex flex-col items-center gap-1 text-xs">
            <span aria-hidden="true" className="block size-11 rounded-md border-2 border-dashed border-brand" />
            <span className="font-mono text-muted-foreground">
              {t('designSystem.guidelines.pixels', { value: 44 })}
            </span>
          </div>
        </div>
      </ShowcaseSection>

      <ShowcaseSection title={t('designSystem.guidelines.voice')}>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {VOICE_ITEMS.map((item) => (
            <li key={item}>{t(`designSystem.guidelines.voiceItems.${item}`)}</li>
          ))}
        </ul>
      </ShowcaseSection>
    </>
  );
}
