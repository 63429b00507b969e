import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ className, rows = 3, ...props }: TextareaProps) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(
        'flex min-h-24 w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-foreground',
        'placeholder:text-muted-foreground transition-colors duration-(--duration-fast) ease-standard',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger',
        className,
      )}
      {...props}
    />
  );
}
