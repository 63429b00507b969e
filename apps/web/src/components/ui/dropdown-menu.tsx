import { useRef, type ComponentProps } from 'react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { withoutRing } from './focus';

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  align = 'end',
  onPointerDownOutside,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  // How the menu was last used: closed by a tap or a click (on an item, or outside it), it hands focus back to its
  // trigger without the keyboard's ring, which Chromium would otherwise draw on that programmatic focus; closed from
  // the keyboard (Escape, Enter on an item), the trigger shows where focus is.
  const byPointer = useRef(false);
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        align={align}
        onPointerDownCapture={() => (byPointer.current = true)}
        onKeyDownCapture={() => (byPointer.current = false)}
        onPointerDownOutside={(event) => {
          byPointer.current = true;
          onPointerDownOutside?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          // Radix names the menu by its trigger (aria-labelledby), which is still on the page.
          const trigger =
            byPointer.current && document.getElementById((event.target as Element).getAttribute('aria-labelledby')!);
          if (event.defaultPrevented || !trigger) return;
          event.preventDefault();
          trigger.focus(withoutRing);
        }}
        className={cn(
          'z-50 min-w-48 overflow-y-auto rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg',
          'max-h-(--radix-dropdown-menu-content-available-height) origin-(--radix-dropdown-menu-content-transform-origin)',
          'data-[state=open]:animate-pop-in data-[state=closed]:animate-fade-out',
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export type DropdownMenuItemProps = ComponentProps<typeof DropdownMenuPrimitive.Item> & {
  variant?: 'default' | 'destructive';
};

export function DropdownMenuItem({ className, variant = 'default', ...props }: DropdownMenuItemProps) {
  return (
    <DropdownMenuPrimitive.Item
      data-slot="dropdown-menu-item"
      data-variant={variant}
      className={cn(
        'relative flex min-h-11 cursor-default select-none items-center gap-2 rounded-md px-3 text-sm outline-none',
        'data-disabled:pointer-events-none data-disabled:opacity-50',
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        variant === 'destructive'
          ? 'text-danger data-highlighted:bg-danger/10 [&_svg]:text-danger'
          : 'data-highlighted:bg-muted',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return (
    <DropdownMenuPrimitive.Label
      data-slot="dropdown-menu-label"
      className={cn('px-3 py-2 text-xs font-semibold text-muted-foreground', className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator
      data-slot="dropdown-menu-separator"
      className={cn('-mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}
