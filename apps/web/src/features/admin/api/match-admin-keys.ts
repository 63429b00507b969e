/** Every query of the fixture editor and the live console; `match-admin` as the prefix reaches them all. */
export const matchAdminKeys = {
  all: ['match-admin'] as const,
  competitions: () => ['match-admin', 'competitions'] as const,
  teams: () => ['match-admin', 'teams'] as const,
  matches: () => ['match-admin', 'matches'] as const,
  match: (matchId: string) => ['match-admin', 'match', matchId] as const,
  providerStatus: () => ['match-admin', 'football', 'status'] as const,
  providerTeams: () => ['match-admin', 'football', 'teams'] as const,
  clubs: () => ['match-admin', 'clubs'] as const,
};
