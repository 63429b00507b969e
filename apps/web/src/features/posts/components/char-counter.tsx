import { POST_TEXT_MAX } from '@burti/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { counterTone, type CounterTone } from '../lib/media';

/*
 * The warning token (#f59e0b) is too light for text on white; its darker step keeps the amber reading at
 * 4.5:1. The danger token is dark enough as it is.
 */
const TONE_CLASS: Record<CounterTone, string> = {
  normal: 'text-muted-foreground',
  warning: 'text-amber-700',
  danger: 'text-danger',
};

/** "n/500" under the post box; amber above 350, red above 450. */
export function CharCounter({ length, id, className }: { length: number; id?: string; className?: string }) {
  const { t } = useTranslation();
  const tone = counterTone(length);
  return (
    <span
      id={id}
      data-tone={tone}
      className={cn('text-xs tabular-nums', tone !== 'normal' && 'font-semibold', TONE_CLASS[tone], className)}
    >
      <span aria-hidden="true">{t('composer.counter', { count: length, max: POST_TEXT_MAX })}</span>
      <span className="sr-only">{t('composer.counterLabel', { count: length, max: POST_TEXT_MAX })}</span>
    </span>
  );
}
