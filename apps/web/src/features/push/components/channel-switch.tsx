import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch';

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
      <Switch
        checked={on}
        busy={busy}
        disabled={disabled}
        onToggle={onToggle}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}
