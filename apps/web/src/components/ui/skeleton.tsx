import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type SkeletonProps = ComponentProps<'div'>;

/** Decorative loading placeholder. Pair with a Spinner or aria-busy region for screen readers. */
export function Skeleton({ className, ...props }: SkeletonProps) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn('skeleton', className)} {...props} />;
}
