// @vitest-environment happy-dom
import type { LeaderboardResponse, LeaderboardRow } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import '../../../lib/i18n';
import { clubsForViewer, LeaderboardTab } from './leaderboard-tab';
import { RankBadge } from './rank-badge';
import { aMe } from '../../../test/fixtures';

const clubs = [
  { id: 1, name: 'Arsenal', nameKa: 'არსენალი', country: 'England', league: 'Premier League' },
  { id: 7, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' },
];
const me = aMe({ primaryClub: clubs[1]! });
const row = (rank: number, over: Partial<LeaderboardRow> = {}): LeaderboardRow => ({
  rank,
  userId: `u${rank}`,
  nickname: `fan${rank}`,
  avatarUrl: null,
  likes: 1,
  comments: 2,
  shares: 3,
  score: 14,
  goalBalance: 0,
  ...over,
});

// Other suites may share the machine: give asynchronous queries room.
configure({ asyncUtilTimeout: 5000 });

let board: (url: string) => { status: number; body: unknown };
let boardUrls: string[];

beforeEach(() => {
  boardUrls = [];
  board = () => ({ status: 200, body: { rows: [], viewer: null } });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const json = (status: number, data: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } }),
        );
      if (url.endsWith('/api/me')) return json(200, { me });
      if (url.endsWith('/api/clubs')) return json(200, { clubs });
      if (url.includes('/api/leaderboard')) {
        boardUrls.push(url);
        const answer = board(url);
        return json(answer.status, answer.body);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RankBadge', () => {
  it('shows medals with names for the first three places and #n below them', () => {
    render(
      <>
        <RankBadge rank={1} />
        <RankBadge rank={2} />
        <RankBadge rank={3} />
        <RankBadge rank={4} />
        <RankBadge rank={57} />
      </>,
    );
    expect(screen.getByRole('img', { name: '1st place' }).textContent).toBe('🥇');
    expect(screen.getByRole('img', { name: '2nd place' }).textContent).toBe('🥈');
    expect(screen.getByRole('img', { name: '3rd place' }).textContent).toBe('🥉');
    expect(screen.getByText('#4')).toBeTruthy();
    expect(screen.getByText('#57')).toBeTruthy();
    expect(screen.getByText('Rank 57')).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(3);
  });
});

describe('LeaderboardTab', () => {
  it("puts the viewer's club first and asks for it over 30 days by default", async () => {
    expect(clubsForViewer(clubs, 7).map((c) => c.id)).toEqual([7, 1]);
    expect(clubsForViewer(clubs, undefined).map((c) => c.id)).toEqual([1, 7]);
    wrap(<LeaderboardTab />);
    await waitFor(() => expect(boardUrls).toEqual(['/api/leaderboard?clubId=7&window=30d']));
    const picker = await screen.findByRole('combobox', { name: 'Club' });
    expect(picker.textContent).toContain('Dinamo Tbilisi');
    expect(picker.textContent).toContain('Georgia');
    expect(screen.getByRole('radio', { name: '30 days' }).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('No activity yet')).toBeTruthy();
    expect(screen.getByText('No activity for this timeframe. Try switching to a different timeframe.')).toBeTruthy();
  });

  it("ranks rows with counts, points, $GOAL and the viewer's 'You' badge; no 'Your Rank' card in the top 10", async () => {
    board = () => ({
      status: 200,
      body: {
        rows: [
          row(1, { goalBalance: 35 }),
          row(2, { userId: 'me', nickname: 'nika', score: 1, likes: 1, comments: 0, shares: 0 }),
        ],
        viewer: row(2, { userId: 'me', nickname: 'nika', score: 1 }),
      } satisfies LeaderboardResponse,
    });
    wrap(<LeaderboardTab />);
    const list = await screen.findByRole('list', { name: 'Leaderboard' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: '1st place' })).toBeTruthy();
    expect(within(items[0]!).getByText('$35 GOAL')).toBeTruthy();
    expect(within(items[0]!).getByText('1 like')).toBeTruthy();
    expect(within(items[0]!).getByText('2 comments')).toBeTruthy();
    expect(within(items[0]!).getByText('3 shares')).toBeTruthy();
    expect(within(items[0]!).getByText('points')).toBeTruthy();
    expect(within(items[0]!).queryByText('You')).toBeNull();
    expect(within(items[1]!).getByText('You')).toBeTruthy();
    expect(within(items[1]!).getByText('point')).toBeTruthy();
    expect(within(items[1]!).queryByText(/GOAL/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your Rank' })).toBeNull();
  });

  it("shows the 'Your Rank' card when the viewer ranks below 10", async () => {
    board = () => ({
      status: 200,
      body: {
        rows: Array.from({ length: 50 }, (_, i) => row(i + 1)),
        viewer: row(57, { userId: 'me', nickname: 'nika', score: 2 }),
      },
    });
    wrap(<LeaderboardTab />);
    const card = await screen.findByRole('region', { name: 'Your Rank' });
    expect(within(card).getByText('#57')).toBeTruthy();
    expect(within(card).getByText('You')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Leaderboard' })).getAllByRole('listitem')).toHaveLength(50);
  });

  it("tells of a failure with 'Failed to load leaderboard'", async () => {
    board = () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } });
    wrap(<LeaderboardTab />);
    expect(await screen.findAllByText('Failed to load leaderboard')).not.toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
