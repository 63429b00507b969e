import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type SwitchProps = Omit<ComponentProps<'button'>, 'type' | 'role' | 'onClick' | 'children'> & {
  /** The state it shows; null while the real state is being read (the switch waits, disabled). */
  checked: boolean | null;
  /** A change is on its way: disabled, and announced as busy. */
  busy?: boolean;
  onToggle: () => void;
};

/**
 * An on/off switch (`role="switch"`), named by the caller's label (`aria-labelledby` or `aria-label`). It shows
 * the state it is given and asks for a change with `onToggle`: the caller saves it and answers the new state.
 */
export function Switch({ checked, busy = false, disabled, onToggle, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      data-slot="switch"
      aria-checked={checked === true}
      disabled={checked === null || disabled || busy}
      aria-busy={busy}
      onClick={onToggle}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-brand' : 'bg-muted-foreground/30',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}
