import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useClubMatches } from '../api/get-club-matches';
import { useClubNextMatch } from '../api/get-club-next-match';
import { ClubMatchList } from './club-match-list';
import { StandingsTable } from './standings-table';

type Tab = 'upcoming' | 'results' | 'table';

/** The Club screen's Matches section: Fixtures, Results and the league table, each loaded when opened. */
export function ClubMatches({ clubId }: { clubId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('upcoming');
  return (
    <section aria-labelledby="club-matches" className="border-b border-border bg-card">
      <h2 id="club-matches" className="sr-only">
        {t('matches.tabsLabel')}
      </h2>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-0">
        <TabsList aria-label={t('matches.tabsLabel')} className="w-full">
          <TabsTrigger value="upcoming" className="flex-1">
            {t('matches.fixtures')}
          </TabsTrigger>
          <TabsTrigger value="results" className="flex-1">
            {t('matches.results')}
          </TabsTrigger>
          <TabsTrigger value="table" className="flex-1">
            {t('matches.table')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">
          {tab === 'upcoming' && <ClubMatchList clubId={clubId} kind="upcoming" />}
        </TabsContent>
        <TabsContent value="results">
          {tab === 'results' && <ClubMatchList clubId={clubId} kind="results" />}
        </TabsContent>
        <TabsContent value="table">{tab === 'table' && <ClubTable clubId={clubId} />}</TabsContent>
      </Tabs>
    </section>
  );
}

/** The table of the league the club plays in: the competition of its next match, else of its latest league match. */
function ClubTable({ clubId }: { clubId: number }) {
  const next = useClubNextMatch(clubId);
  const results = useClubMatches(clubId, 'results');
  const upcoming = useClubMatches(clubId, 'upcoming');
  const candidates = [
    next.data ?? undefined,
    ...(upcoming.data?.pages.flatMap((page) => page.matches) ?? []),
    ...(results.data?.pages.flatMap((page) => page.matches) ?? []),
  ].filter((match) => match !== undefined);
  const league = candidates.find((match) => match.competition.kind === 'league') ?? candidates[0];
  const settled = !next.isPending && !results.isPending && !upcoming.isPending;
  return <StandingsTable competitionId={league?.competition.id} clubId={clubId} waiting={!league && !settled} />;
}
