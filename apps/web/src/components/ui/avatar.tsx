import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

const sizeClasses = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-14 text-xl',
  xl: 'size-20 text-3xl',
} as const;

export type UserAvatarSize = keyof typeof sizeClasses;

export type UserAvatarProps = {
  src?: string | null;
  name: string;
  size?: UserAvatarSize;
  className?: string;
};

const GEORGIAN = /\p{Script=Georgian}/u;
// One segmenter for every avatar: a feed draws dozens, and building one is the costly part.
const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/**
 * First user-perceived character of `name`, uppercased. Georgian (Mkhedruli)
 * letters are left as-is: toUpperCase() would turn them into Mtavruli, which is
 * not how Georgian names are capitalised.
 */
export function getInitial(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const first = graphemes
    ? graphemes.segment(trimmed)[Symbol.iterator]().next().value?.segment
    : Array.from(trimmed)[0];
  if (!first) return '?';
  if (GEORGIAN.test(first)) return first;
  const upper = first.toLocaleUpperCase();
  // Avoid multi-letter expansions such as "ß" -> "SS".
  return Array.from(upper).length > Array.from(first).length ? first : upper;
}

export function UserAvatar({ src, name, size = 'md', className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn(
        'relative inline-flex shrink-0 select-none overflow-hidden rounded-full bg-muted align-middle',
        sizeClasses[size],
        className,
      )}
    >
      {src ? <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        role="img"
        aria-label={name}
        className="flex size-full items-center justify-center bg-brand font-semibold text-brand-foreground"
      >
        <span aria-hidden="true">{getInitial(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
