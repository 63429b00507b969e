import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useTranslation } from 'react-i18next';

const WHITE = '#FFFFFF';

/** A small Greek cross centred on (cx, cy): used for Georgia's four bolnur-katskhuri crosses. */
function SmallCross({ cx, cy }: { cx: number; cy: number }) {
  const arm = 2.4;
  const width = 1.1;
  return (
    <>
      <rect x={cx - width / 2} y={cy - arm} width={width} height={arm * 2} />
      <rect x={cx - arm} y={cy - width / 2} width={arm * 2} height={width} />
    </>
  );
}

/** Flag artwork drawn in a 30 × 20 (3:2) box. */
const FLAGS: Readonly<Record<string, ReactNode>> = {
  England: (
    <>
      <rect width={30} height={20} fill={WHITE} />
      <rect x={13} width={4} height={20} fill="#CE1124" />
      <rect y={8} width={30} height={4} fill="#CE1124" />
    </>
  ),
  Scotland: (
    <>
      <rect width={30} height={20} fill="#005EB8" />
      <path d="M0 0L30 20M30 0L0 20" stroke={WHITE} strokeWidth={3.6} />
    </>
  ),
  Spain: (
    <>
      <rect width={30} height={20} fill="#AA151B" />
      <rect y={5} width={30} height={10} fill="#F1BF00" />
    </>
  ),
  Germany: (
    <>
      <rect width={30} height={20} fill="#FFCE00" />
      <rect width={30} height={13.34} fill="#DD0000" />
      <rect width={30} height={6.67} fill="#000000" />
    </>
  ),
  Italy: (
    <>
      <rect width={10} height={20} fill="#009246" />
      <rect x={10} width={10} height={20} fill={WHITE} />
      <rect x={20} width={10} height={20} fill="#CE2B37" />
    </>
  ),
  France: (
    <>
      <rect width={10} height={20} fill="#002654" />
      <rect x={10} width={10} height={20} fill={WHITE} />
      <rect x={20} width={10} height={20} fill="#ED2939" />
    </>
  ),
  Netherlands: (
    <>
      <rect width={30} height={20} fill="#AE1C28" />
      <rect y={6.67} width={30} height={6.67} fill={WHITE} />
      <rect y={13.33} width={30} height={6.67} fill="#21468B" />
    </>
  ),
  Portugal: (
    <>
      <rect width={30} height={20} fill="#DA291C" />
      <rect width={12} height={20} fill="#046A38" />
      <circle cx={12} cy={10} r={4.2} fill="#FFE900" />
      <circle cx={12} cy={10} r={2.4} fill="#DA291C" stroke={WHITE} strokeWidth={0.6} />
    </>
  ),
  Georgia: (
    <>
      <rect width={30} height={20} fill={WHITE} />
      <g fill="#FF0000">
        <rect x={13} width={4} height={20} />
        <rect y={8} width={30} height={4} />
        <SmallCross cx={6.5} cy={4} />
        <SmallCross cx={23.5} cy={4} />
        <SmallCross cx={6.5} cy={16} />
        <SmallCross cx={23.5} cy={16} />
      </g>
    </>
  ),
};

type FlagSize = 'sm' | 'md';
const FLAG_SIZES: Record<FlagSize, string> = { sm: 'h-3.5 w-5', md: 'h-4 w-6' };
const BALL_SIZES: Record<FlagSize, string> = { sm: 'size-3.5', md: 'size-4' };

type FlagProps = { country: string; size?: FlagSize; className?: string };

/** Neutral football icon for countries without flag artwork. */
function BallIcon({ country, size = 'md', className }: FlagProps) {
  const { t } = useTranslation();
  return (
    <svg
      viewBox="0 0 24 24"
      role="img"
      aria-label={t(`clubs.country.${country}`, { defaultValue: country })}
      className={cn('inline-block shrink-0 text-muted-foreground', BALL_SIZES[size], className)}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <circle cx={12} cy={12} r={10} />
      <path d="M12 7.5l4.3 3.1-1.6 5h-5.4l-1.6-5z" fill="currentColor" />
      <path d="M12 7.5V2M16.3 10.6l5.2-1.7M14.7 15.6l3.2 4.5M9.3 15.6l-3.2 4.5M7.7 10.6L2.5 8.9" />
    </svg>
  );
}

export function CountryFlag({ country, size = 'md', className }: FlagProps) {
  const { t } = useTranslation();
  const artwork = Object.hasOwn(FLAGS, country) ? FLAGS[country] : undefined;
  if (artwork === undefined) return <BallIcon country={country} size={size} className={className} />;
  return (
    <svg
      viewBox="0 0 30 20"
      role="img"
      aria-label={t(`clubs.country.${country}`, { defaultValue: country })}
      preserveAspectRatio="none"
      className={cn(
        'inline-block shrink-0 overflow-hidden rounded-[2px] ring-1 ring-black/10',
        FLAG_SIZES[size],
        className,
      )}
    >
      {artwork}
    </svg>
  );
}
