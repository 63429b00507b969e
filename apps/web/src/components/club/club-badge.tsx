import { badgeSchemeFor, clubInitials } from '@burti/shared';
import { cn } from '../../lib/cn';

const SIZES = {
  sm: 'h-6 min-w-6 px-1.5 text-[10px] border',
  md: 'h-8 min-w-8 px-2 text-xs border-2',
  lg: 'h-12 min-w-12 px-3 text-base border-2',
} as const;

/** A round badge with the club's initials in its colour scheme (neutral default for clubs without one). */
export function ClubBadge({
  name,
  size = 'md',
  className,
}: {
  name: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const scheme = badgeSchemeFor(name);
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center rounded-full font-bold tracking-tight',
        SIZES[size],
        'leading-none',
        className,
      )}
      style={{ backgroundColor: scheme.background, color: scheme.foreground, borderColor: scheme.border }}
    >
      <span aria-hidden="true">{clubInitials(name)}</span>
    </span>
  );
}
