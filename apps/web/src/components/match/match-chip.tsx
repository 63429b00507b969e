import type { Post } from '@burti/shared';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The match a post belongs to, as a chip linking to its page: "Dinamo – Torpedo". */
export function MatchChip({ match }: { match: NonNullable<Post['match']> }) {
  const { t } = useTranslation();
  const text = t('matches.versus', { home: match.home, away: match.away });
  return (
    <Link
      to={`/match/${encodeURIComponent(match.id)}`}
      aria-label={t('matches.chipLabel', { home: match.home, away: match.away })}
      className="mt-2 inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-full border border-border bg-muted px-3 text-xs font-semibold text-foreground hover:border-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Trophy aria-hidden="true" className="size-3.5 shrink-0 text-brand" />
      <span className="truncate">{text}</span>
    </Link>
  );
}
