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
  label = name,
  size = 'md',
  colours,
  className,
}: {
  /** The catalogue (English) name: it picks the colours and the initials. */
  name: string;
  /** What the badge says to assistive technology: the name in the language on screen. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Colours given by the server (a match's team carries its club's scheme); by default the name picks them. */
  colours?: { background: string; foreground: string; border: string };
  className?: string;
}) {
  const scheme = colours ?? badgeSchemeFor(name);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
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
