import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * A match alert choice: its label, a line about it, its state in words and a switch (`role="switch"`). `on` is
 * null while the state is read (the switch waits, disabled); `busy` while a change is on its way.
 */
export function AlertSwitch({
  label,
  hint,
  on,
  busy,
  onToggle,
}: {
  label: string;
  hint?: string;
  on: boolean | null;
  busy: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-3 py-2">
      <div className="min-w-0 flex-1">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <span className="text-sm font-medium text-muted-foreground" aria-hidden="true">
        {on === null ? '' : on ? t('matchAlerts.on') : t('matchAlerts.off')}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on === true}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={on === null || busy}
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
