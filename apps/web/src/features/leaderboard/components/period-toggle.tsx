import { LEADERBOARD_WINDOWS, type LeaderboardWindow } from '@burti/shared';
import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** 7 days / 30 days / All-time as a segmented control; one period is always chosen. */
export function PeriodToggle({
  value,
  onChange,
  className,
}: {
  value: LeaderboardWindow;
  onChange: (window: LeaderboardWindow) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next) onChange(next as LeaderboardWindow);
      }}
      aria-label={t('leaderboard.periodLabel')}
      className={cn('grid grid-cols-3 gap-1 rounded-lg bg-muted p-1', className)}
    >
      {LEADERBOARD_WINDOWS.map((window) => (
        <ToggleGroup.Item
          key={window}
          value={window}
          className={cn(
            'min-h-10 min-w-0 rounded-md px-1 text-[13px] leading-tight font-medium sm:px-3 sm:text-sm text-muted-foreground transition-colors duration-(--duration-fast)',
            'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            'data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm',
          )}
        >
          {t(`leaderboard.periods.${window}`)}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
