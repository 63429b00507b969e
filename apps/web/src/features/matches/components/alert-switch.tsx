import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch';

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
      <Switch
        checked={on}
        busy={busy}
        onToggle={onToggle}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}
