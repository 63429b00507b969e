import type { Me, MatchDetail, MatchEvent, MatchSummary, Post, StandingRow, Team } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { setLanguage } from '../../lib/i18n';
import { meKeys } from '../auth/api/get-me';

/** What the matchday screens' tests share: whole answers of the contract, a fake API and a fake match stream. */
export const dinamoClub = {
  id: 7,
  name: 'Dinamo Tbilisi',
  nameKa: 'დინამო თბილისი',
  country: 'Georgia',
  league: 'Erovnuli Liga',
};
export const me = { id: 'viewer', nickname: 'giorgi', primaryClub: dinamoClub, language: 'en' } as Me;

const badge = { background: '#1d4ed8', foreground: '#ffffff', border: '#1e3a8a' };
export const dinamo: Team = {
  id: 1,
  name: 'Dinamo Tbilisi',
  nameKa: 'დინამო თბილისი',
  shortName: 'Dinamo',
  crestUrl: null,
  clubId: 7,
  badge,
};
export const torpedo: Team = {
  id: 2,
  name: 'Torpedo Kutaisi',
  nameKa: 'ტორპედო ქუთაისი',
  shortName: 'Torpedo',
  crestUrl: null,
  clubId: 8,
  badge,
};

export const MATCH_ID = '5b0c0c6e-0000-4000-8000-000000000001';

export function aSummary(over: Partial<MatchSummary> = {}): MatchSummary {
  return {
    id: MATCH_ID,
    status: 'scheduled',
    minute: null,
    addedMinute: null,
    score: null,
    halfTimeScore: null,
    extraTimeScore: null,
    penalties: null,
    // 18:00 in Tbilisi (UTC+4).
    kickoffAt: '2026-11-29T14:00:00.000Z',
    version: 1,
    updatedAt: '2026-11-28T10:00:00.000Z',
    competition: { id: 3, name: 'Erovnuli Liga', nameKa: 'ეროვნული ლიგა', kind: 'league' },
    season: { id: 4, label: '2026' },
    round: '17',
    venue: 'Boris Paichadze Arena',
    home: dinamo,
    away: torpedo,
    ...over,
  };
}

export function aDetail(over: Partial<MatchDetail> = {}): MatchDetail {
  return {
    ...aSummary(),
    events: [],
    lineups: null,
    thread: { phase: 'pre_match', opensAt: '2026-11-27T14:00:00.000Z', closesAt: null },
    handLocked: false,
    ...over,
  };
}

export function anEvent(over: Partial<MatchEvent> = {}): MatchEvent {
  return {
    id: '1',
    kind: 'goal',
    minute: 10,
    addedMinute: null,
    side: 'home',
    player: 'Giorgi Kvilitaia',
    secondPlayer: null,
    detail: null,
    disallowsEventId: null,
    cancelled: false,
    createdAt: '2026-11-29T14:10:00.000Z',
    ...over,
  };
}

export function aRow(position: number, team: Team, points: number): StandingRow {
  return {
    position,
    team,
    played: 16,
    won: Math.floor(points / 3),
    drawn: points % 3,
    lost: 16 - Math.floor(points / 3) - (points % 3),
    goalsFor: 20,
    goalsAgainst: 20 - position,
    goalDifference: position,
    points,
  };
}

export function aPost(n: number, over: Partial<Post> = {}): Post {
  return {
    id: `p${n}`,
    author: { id: `a${n}`, nickname: `fan${n}`, avatarUrl: null },
    club: dinamoClub,
    text: `Thread post ${n}`,
    mentions: [],
    media: null,
    mediaUrls: [],
    likesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    viewerHasLiked: false,
    viewerHasShared: false,
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    editedAt: null,
    sharedBy: null,
    match: { id: MATCH_ID, home: 'Dinamo', away: 'Torpedo' },
    ...over,
  };
}

export const json = (data: unknown, status = 200) => Response.json(data, { status });
export const apiError = (code: string, status: number) => json({ error: { code, message: code } }, status);

type Handler = (request: {
  path: string;
  query: URLSearchParams;
  method: string;
  body: unknown;
}) => Response | Promise<Response>;

/** A fake API: the first handler whose pattern matches the path answers; anything else is a 404. */
export function stubApi(routes: [RegExp, Handler][]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      calls.push({ method, path: parsed.pathname, body });
      if (parsed.pathname === '/api/me') return json({ me });
      for (const [pattern, handler] of routes) {
        if (pattern.test(parsed.pathname))
          return handler({ path: parsed.pathname, query: parsed.searchParams, method, body });
      }
      return apiError('NOT_FOUND', 404);
    }),
  );
  return calls;
}

/** The browser's EventSource, driven by the test: `FakeEventSource.emit('match', data)` reaches open streams. */
export class FakeEventSource {
  static open: FakeEventSource[] = [];
  readonly url: string;
  private listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();
  closed = false;

  constructor(url: string) {
    this.url = url;
    FakeEventSource.open.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(listener);
  }
  removeEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.get(name)?.delete(listener);
  }
  close() {
    this.closed = true;
    FakeEventSource.open = FakeEventSource.open.filter((source) => source !== this);
  }
  static emit(name: string, data: unknown) {
    for (const source of FakeEventSource.open) {
      for (const listener of source.listeners.get(name) ?? []) {
        listener(new MessageEvent(name, { data: JSON.stringify(data) }));
      }
    }
  }
  static install() {
    FakeEventSource.open = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }
}

/** Renders screens at `path` in a router, with a fresh query client (the fan already known) and the toaster. */
export async function renderScreen(
  routes: RouteObject[],
  path: string,
  { language = 'en' }: { language?: 'en' | 'ka' } = {},
) {
  await setLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meKeys.all, me);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { client, router, ...view };
}
