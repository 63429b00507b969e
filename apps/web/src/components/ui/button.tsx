import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The classes are defined in ui.css, in the components layer, so a caller's utilities override them. */
export const buttonVariants = cva('ui-button', {
  variants: {
    variant: {
      default: 'ui-button-default',
      secondary: 'ui-button-secondary',
      outline: 'ui-button-outline',
      ghost: 'ui-button-ghost',
      destructive: 'ui-button-destructive',
      link: 'ui-button-link',
    },
    size: {
      sm: 'ui-button-sm',
      md: 'ui-button-md',
      lg: 'ui-button-lg',
      icon: 'ui-button-icon',
    },
  },
  defaultVariants: {
    variant: 'default',
    size: 'md',
  },
});

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child element (e.g. a router Link) with button styling. */
    asChild?: boolean;
    /** Disables the button, sets aria-busy and shows a spinner next to the label. */
    isLoading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  isLoading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  const isDisabled = Boolean(disabled) || isLoading;

  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      aria-busy={isLoading || undefined}
      {...(asChild ? { 'aria-disabled': isDisabled || undefined } : { disabled: isDisabled })}
      {...props}
    >
      {isLoading && <Loader2 aria-hidden="true" className="animate-spin" />}
      <Slot.Slottable>{children}</Slot.Slottable>
    </Comp>
  );
}
