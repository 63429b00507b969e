import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * One notification channel in Settings: what it is, a line about it, its state in words and a switch. `on` is
 * null while the real state is being read (the switch waits, disabled).
 */
export function ChannelSwitch({
  icon: Icon,
  label,
  hint,
  on,
  busy,
  disabled,
  onToggle,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  on: boolean | null;
  busy: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-3 p-4">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      {/* The switch shows its state; on a phone its words would squeeze the label and hint to a narrow column. */}
      <span className="hidden text-sm font-medium text-muted-foreground sm:inline" aria-hidden="true">
        {on === null ? '' : on ? t('shells.push.on') : t('shells.push.off')}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on === true}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={on === null || disabled || busy}
        aria-busy={busy}
        onClick={onToggle}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          on ? 'bg-brand' : 'bg-muted-foreground/30',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}
