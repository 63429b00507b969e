import type { ComponentProps } from 'react';
import { VisuallyHidden as VisuallyHiddenPrimitive } from 'radix-ui';

export type VisuallyHiddenProps = ComponentProps<typeof VisuallyHiddenPrimitive.Root>;

/** Content announced by screen readers but not shown on screen. Supports `asChild`. */
export function VisuallyHidden(props: VisuallyHiddenProps) {
  return <VisuallyHiddenPrimitive.Root data-slot="visually-hidden" {...props} />;
}
