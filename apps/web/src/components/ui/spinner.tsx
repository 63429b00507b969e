import type { ComponentProps } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { VisuallyHidden } from './visually-hidden';

const sizeClasses = {
  sm: 'size-4',
  md: 'size-6',
  lg: 'size-10',
} as const;

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** Text announced to screen readers (visually hidden). Pass a translated string. */
  label?: string;
  size?: keyof typeof sizeClasses;
};

export function Spinner({ label = 'Loading', size = 'md', className, ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      className={cn('inline-flex items-center justify-center text-muted-foreground', className)}
      {...props}
    >
      <Loader2 aria-hidden="true" className={cn('animate-spin', sizeClasses[size])} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
