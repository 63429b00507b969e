import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const ACTION_TONES = {
  muted: 'text-muted-foreground hover:text-foreground',
  brand: 'text-brand',
  success: 'text-success',
} as const;

/** An icon + count button of a post's action row, with a 44px touch target; `tone` colours it when pressed. */
export function ActionButton({
  tone = 'muted',
  className,
  ...props
}: ComponentProps<'button'> & { tone?: keyof typeof ACTION_TONES }) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 text-sm tabular-nums',
        'transition-colors duration-(--duration-fast) hover:bg-muted',
        ACTION_TONES[tone],
        'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        '[&_svg]:size-5 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}
