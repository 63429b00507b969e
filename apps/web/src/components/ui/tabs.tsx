import type { ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { withoutRing } from './focus';

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn('ui-tabs', className)} {...props} />;
}

/** Underline-style tab bar; scrolls horizontally on narrow screens. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List data-slot="tabs-list" className={cn('ui-tabs-list', className)} {...props} />;
}

export function TabsTrigger({ className, onMouseDown, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn('ui-tabs-trigger', className)}
      // Radix focuses a clicked tab from script, which would draw the keyboard's ring; focused first without it, the
      // tab stays as it is (focusing the focused element again changes nothing).
      onMouseDown={(event) => {
        if (event.button === 0) event.currentTarget.focus(withoutRing);
        onMouseDown?.(event);
      }}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        'outline-none focus-visible:outline-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}
