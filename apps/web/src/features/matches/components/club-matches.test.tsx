// @vitest-environment happy-dom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aRow,
  aSummary,
  apiError,
  dinamo,
  FakeEventSource,
  json,
  renderScreen,
  stubApi,
  torpedo,
} from '../match.fixtures';
import type { MatchSummary, Team } from '@burti/shared';
import { ClubMatches } from './club-matches';

configure({ asyncUtilTimeout: 5000 });

let upcoming: () => Response;
let results: () => Response;
let standings: () => Response;
let next: () => Response;
let calls: ReturnType<typeof stubApi>;

const saburtalo: Team = {
  ...torpedo,
  id: 5,
  name: 'Saburtalo',
  nameKa: 'საბურთალო',
  shortName: 'Saburtalo',
  clubId: 9,
};
const fixture = (n: number, kickoffAt: string, over: Partial<MatchSummary> = {}) =>
  aSummary({ id: `5b0c0c6e-0000-4000-8000-00000000000${n}`, kickoffAt, ...over });

beforeEach(() => {
  FakeEventSource.install();
  next = () => json({ match: null });
  upcoming = () => json({ matches: [], nextCursor: null });
  results = () => json({ matches: [], nextCursor: null });
  standings = () => json({ error: { code: 'COMPETITION_NOT_FOUND', message: 'x' } }, 404);
  calls = stubApi([
    [/^\/api\/clubs\/7\/next-match$/, () => next()],
    [/^\/api\/clubs\/7\/matches$/, ({ query }) => (query.get('kind') === 'results' ? results() : upcoming())],
    [/^\/api\/competitions\/3\/standings$/, () => standings()],
  ]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (language: 'en' | 'ka' = 'en') =>
  renderScreen([{ path: '/club', element: <ClubMatches clubId={7} /> }], '/club', { language });

describe("the club's matches", () => {
  it('lists fixtures under a heading per Tbilisi day, with the kick-off time, and pages on', async () => {
    upcoming = () =>
      json({
        matches: [
          fixture(1, '2026-11-29T14:00:00.000Z'),
          // 21:30 UTC on the 29th is already the 30th in Tbilisi.
          fixture(2, '2026-11-29T21:30:00.000Z', { home: saburtalo, away: dinamo }),
        ],
        nextCursor: 'c1',
      });
    await show();
    const days = await screen.findAllByRole('heading', { level: 3 });
    expect(days.map((d) => d.textContent)).toEqual(['Sun, Nov 29', 'Mon, Nov 30']);
    const first = screen.getByRole('link', { name: 'Dinamo Tbilisi – Torpedo Kutaisi' });
    expect(first.textContent).toContain('18:00');
    expect(screen.getByRole('link', { name: 'Saburtalo – Dinamo Tbilisi' }).textContent).toContain('01:30');

    upcoming = () => json({ matches: [fixture(3, '2026-12-06T14:00:00.000Z')], nextCursor: null });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3));
    expect(calls.filter((c) => c.path === '/api/clubs/7/matches').length).toBe(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there are no fixtures or results, and offers a retry when they fail', async () => {
    await show();
    await screen.findByText('No fixtures yet');
    results = () => apiError('INTERNAL', 500);
    await userEvent.click(screen.getByRole('tab', { name: 'Results' }));
    await screen.findByText("Couldn't load matches");
    results = () => json({ matches: [], nextCursor: null });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('No results yet');
  });

  it('shows results with their scores, in Georgian on a Georgian screen', async () => {
    results = () =>
      json({
        matches: [fixture(4, '2026-11-22T14:00:00.000Z', { status: 'finished', score: { home: 3, away: 1 } })],
        nextCursor: null,
      });
    await show('ka');
    await userEvent.click(await screen.findByRole('tab', { name: 'შედეგები' }));
    const row = await screen.findByRole('link', { name: 'დინამო თბილისი – ტორპედო ქუთაისი, 3 – 1, დასრულდა' });
    expect(row.textContent).toContain('დასრულდა');
  });

  it("shows the league table of the club's competition with the fan's club highlighted", async () => {
    next = () => json({ match: aSummary() });
    standings = () =>
      json({
        competition: { id: 3, name: 'Erovnuli Liga', nameKa: 'ეროვნული ლიგა', kind: 'league' },
        season: { id: 4, label: '2026', startsOn: null, endsOn: null },
        rows: [aRow(1, saburtalo, 38), aRow(2, dinamo, 35), aRow(3, torpedo, 30)],
      });
    await show();
    await userEvent.click(screen.getByRole('tab', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Erovnuli Liga 2026 table' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['#', 'Team', 'P', 'W', 'D', 'L', 'GD', 'Pts']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(rows[1]!.textContent).toContain('your club');
    expect(rows[0]!.getAttribute('aria-current')).toBeNull();
    expect(rows[1]!.textContent).toContain('35');
  });

  it('says there is no table when the club has no league match', async () => {
    await show();
    await userEvent.click(screen.getByRole('tab', { name: 'Table' }));
    await screen.findByText('No table yet');
    expect(calls.some((c) => c.path.includes('/standings'))).toBe(false);
  });
});
