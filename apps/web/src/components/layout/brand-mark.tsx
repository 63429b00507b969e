import { appName } from '../../lib/i18n';

/** The ball-and-cross mark: a football in the red of the Georgian flag. A `className` gives its size. */
export function BrandMark({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} role="img" aria-label={appName}>
      <circle cx="32" cy="32" r="30" fill="var(--color-brand)" />
      <circle cx="32" cy="32" r="22" fill="#fff" />
      <path d="M32 19l8 6-3 9h-10l-3-9z" fill="var(--color-brand)" />
      <path
        d="M32 10v9M40 25l9-4M37 34l6 8M27 34l-6 8M24 25l-9-4"
        stroke="var(--color-brand)"
        strokeWidth="2.5"
        fill="none"
      />
    </svg>
  );
}
