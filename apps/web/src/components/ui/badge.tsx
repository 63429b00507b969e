import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn';

/** The classes are defined in ui.css, in the components layer, so a caller's utilities override them. */
export const badgeVariants = cva('ui-badge', {
  variants: {
    variant: {
      default: 'ui-badge-default',
      secondary: 'ui-badge-secondary',
      outline: 'ui-badge-outline',
      brand: 'ui-badge-brand',
      success: 'ui-badge-success',
      warning: 'ui-badge-warning',
      destructive: 'ui-badge-destructive',
      gold: 'ui-badge-gold',
    },
  },
  defaultVariants: {
    variant: 'default',
  },
});

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
