import type { Team } from '@burti/shared';
import { ClubBadge } from '../../../components/club/club-badge';

/**
 * A team's badge: the club badge in the colours the server gives the team (its club's scheme, else neutral).
 * Decorative: the team's name always stands beside it, in the language on screen.
 */
export function TeamBadge({
  team,
  size = 'md',
  className,
}: {
  team: Team;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <span aria-hidden="true" className="inline-flex shrink-0">
      <ClubBadge name={team.name} colours={team.badge} size={size} className={className} />
    </span>
  );
}
