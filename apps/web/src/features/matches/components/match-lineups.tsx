import { localName, type LineupPlayer, type MatchDetail } from '@burti/shared';
import { useTranslation } from 'react-i18next';

function Players({ players }: { players: LineupPlayer[] }) {
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {players.map((player, index) => (
        <li key={`${player.name}-${index}`} className="flex gap-2">
          <span className="w-6 shrink-0 text-right tabular-nums text-muted-foreground">{player.number ?? ''}</span>
          <span className="min-w-0 break-words">{player.name}</span>
          {player.position && <span className="text-xs text-muted-foreground">{player.position}</span>}
        </li>
      ))}
    </ul>
  );
}

/** Both teams' lineups, starters then substitutes; nothing when they are not known. */
export function MatchLineups({ match }: { match: MatchDetail }) {
  const { t, i18n } = useTranslation();
  if (!match.lineups || (match.lineups.home.length === 0 && match.lineups.away.length === 0)) return null;
  const sides = [
    { key: 'home', team: match.home, players: match.lineups.home },
    { key: 'away', team: match.away, players: match.lineups.away },
  ] as const;
  return (
    <section aria-labelledby="match-lineups" className="border-b border-border bg-card px-4 py-4">
      <h2 id="match-lineups" className="mb-3 text-base font-bold">
        {t('matches.lineups')}
      </h2>
      <div className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2">
        {sides.map(({ key, team, players }) => (
          <div key={key} className="min-w-0">
            <h3 className="mb-2 text-sm font-semibold">{localName(team, i18n.language)}</h3>
            <p className="mb-1 text-xs font-medium text-muted-foreground">{t('matches.starters')}</p>
            <Players players={players.filter((p) => p.starter)} />
            {players.some((p) => !p.starter) && (
              <>
                <p className="mb-1 mt-3 text-xs font-medium text-muted-foreground">{t('matches.substitutes')}</p>
                <Players players={players.filter((p) => !p.starter)} />
              </>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
