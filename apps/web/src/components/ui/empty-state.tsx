import { isValidElement, type ComponentProps, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export type EmptyStateProps = Omit<ComponentProps<'div'>, 'title'> & {
  /** A lucide icon component (e.g. `MessageCircle`) or any rendered node. */
  icon?: LucideIcon | ReactNode;
  title: ReactNode;
  message?: ReactNode;
  action?: ReactNode;
};

function isIconComponent(icon: LucideIcon | ReactNode): icon is LucideIcon {
  return (
    typeof icon === 'function' ||
    (typeof icon === 'object' && icon !== null && !isValidElement(icon) && '$$typeof' in icon)
  );
}

export function EmptyState({ icon, title, message, action, className, ...props }: EmptyStateProps) {
  let iconNode: ReactNode = null;
  if (isIconComponent(icon)) {
    const Icon = icon;
    iconNode = <Icon aria-hidden="true" className="size-7" />;
  } else if (icon != null && icon !== false) {
    iconNode = icon;
  }

  return (
    <div
      data-slot="empty-state"
      role="status"
      className={cn('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)}
      {...props}
    >
      {iconNode != null && (
        <div
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground"
        >
          {iconNode}
        </div>
      )}
      <div className="flex max-w-sm flex-col gap-1">
        <h2 className="text-lg font-semibold text-foreground">{title}</h2>
        {message != null && <p className="text-sm text-muted-foreground">{message}</p>}
      </div>
      {action != null && <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
