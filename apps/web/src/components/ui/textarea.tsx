import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ className, rows = 3, ...props }: TextareaProps) {
  return <textarea data-slot="textarea" rows={rows} className={cn('ui-field ui-textarea', className)} {...props} />;
}
