import type { Competition, MatchDetail, MatchEvent, Team } from '@burti/shared';

/** Matchday data as the admin screens' tests need it. */
export const home: Team = {
  id: 1,
  name: 'Dinamo Tbilisi',
  nameKa: 'დინამო თბილისი',
  shortName: 'DTB',
  crestUrl: null,
  clubId: 10,
  badge: { background: '#0B4EA2', foreground: '#FFFFFF', border: '#0B4EA2' },
};
export const away: Team = {
  id: 2,
  name: 'Torpedo Kutaisi',
  nameKa: 'ტორპედო ქუთაისი',
  shortName: 'TOR',
  crestUrl: null,
  clubId: 11,
  badge: { background: '#111111', foreground: '#FFFFFF', border: '#111111' },
};
export const league: Competition = {
  id: 7,
  name: 'Erovnuli Liga',
  nameKa: 'ეროვნული ლიგა',
  kind: 'league',
  country: 'Georgia',
  provider: null,
  seasons: [{ id: 70, label: '2026', startsOn: null, endsOn: null }],
};
export const MATCH_ID = '3d0c0c6e-0000-4000-8000-0000000000aa';

export function aMatch(over: Partial<MatchDetail> = {}): MatchDetail {
  return {
    id: MATCH_ID,
    status: 'scheduled',
    minute: null,
    addedMinute: null,
    score: null,
    halfTimeScore: null,
    extraTimeScore: null,
    penalties: null,
    kickoffAt: '2026-11-29T15:00:00.000Z',
    version: 1,
    updatedAt: '2026-11-29T10:00:00.000Z',
    competition: { id: league.id, name: league.name, nameKa: league.nameKa, kind: 'league' },
    season: { id: 70, label: '2026' },
    round: 'Round 15',
    venue: 'Boris Paichadze Dinamo Arena',
    home,
    away,
    events: [],
    lineups: null,
    thread: { phase: 'pre_match', opensAt: '2026-11-27T15:00:00.000Z', closesAt: null },
    handLocked: true,
    ...over,
  };
}

export function aGoal(over: Partial<MatchEvent> = {}): MatchEvent {
  return {
    id: '101',
    kind: 'goal',
    minute: 23,
    addedMinute: null,
    side: 'home',
    player: 'Zivzivadze',
    secondPlayer: null,
    detail: null,
    disallowsEventId: null,
    cancelled: false,
    createdAt: '2026-11-29T15:23:00.000Z',
    ...over,
  };
}
