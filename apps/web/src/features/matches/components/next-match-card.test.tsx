// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aSummary, apiError, FakeEventSource, json, MATCH_ID, renderScreen, stubApi } from '../match.fixtures';
import type { MatchSummary } from '@burti/shared';
import { NextMatchCard } from './next-match-card';

let next: () => Response | Promise<Response>;

beforeEach(() => {
  FakeEventSource.install();
  stubApi([[/^\/api\/clubs\/7\/next-match$/, () => next()]]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (language: 'en' | 'ka' = 'en') =>
  renderScreen(
    [
      { path: '/feed', element: <NextMatchCard clubId={7} /> },
      { path: '/match/:matchId', element: <p>The match page</p> },
    ],
    '/feed',
    { language },
  );

const live = (over: Partial<MatchSummary> = {}) =>
  aSummary({ status: 'live', minute: 23, score: { home: 1, away: 0 }, version: 5, ...over });

describe('the next match card', () => {
  it('shows a placeholder while it loads, then the two teams and the kick-off in Tbilisi time', async () => {
    let answer!: (response: Response) => void;
    next = () => new Promise((resolve) => (answer = resolve));
    const { container } = await show();
    await waitFor(() =>
      expect(container.querySelector('[aria-hidden="true"] [data-slot="skeleton"], .animate-pulse')).not.toBeNull(),
    );
    answer(json({ match: aSummary() }));
    const card = await screen.findByRole('region', { name: 'Next match' });
    expect(within(card).getByText('Dinamo Tbilisi')).toBeTruthy();
    expect(within(card).getByText('Torpedo Kutaisi')).toBeTruthy();
    // 14:00 UTC is 18:00 in Tbilisi, whatever zone the device is in.
    expect(card.textContent).toContain('18:00');
    expect(within(card).getByRole('link').getAttribute('href')).toBe(`/match/${MATCH_ID}`);
  });

  it('shows nothing when the club has no match, and nothing when it cannot be loaded', async () => {
    next = () => json({ match: null });
    const first = await show();
    await waitFor(() => expect(first.container.textContent).toBe(''));
    cleanup();
    next = () => apiError('INTERNAL', 500);
    const second = await show();
    await waitFor(() => expect(second.container.textContent).toBe(''));
  });

  it('names the teams in Georgian on a Georgian screen', async () => {
    next = () => json({ match: aSummary() });
    await show('ka');
    const card = await screen.findByRole('region', { name: 'შემდეგი მატჩი' });
    expect(within(card).getByText('დინამო თბილისი')).toBeTruthy();
    expect(within(card).getByText('ტორპედო ქუთაისი')).toBeTruthy();
  });

  it('follows the live score and minute from the stream, ignoring an older version', async () => {
    next = () => json({ match: live() });
    await show();
    const card = await screen.findByRole('region', { name: 'Live now' });
    expect(card.textContent).toContain('1 – 0');
    expect(card.textContent).toContain('23′');
    await waitFor(() => expect(FakeEventSource.open.map((s) => s.url)).toEqual([`/api/matches/${MATCH_ID}/stream`]));
    // The screen-reader region says the score, not the minute.
    const region = card.querySelector('[aria-live="polite"]')!;
    expect(region.textContent).toBe('Dinamo Tbilisi 1, Torpedo Kutaisi 0');

    const { kickoffAt, id, status, minute, addedMinute, score, halfTimeScore, extraTimeScore, penalties, updatedAt } =
      live({
        minute: 31,
        score: { home: 2, away: 0 },
        version: 7,
      });
    const state = {
      id,
      status,
      minute,
      addedMinute,
      score,
      halfTimeScore,
      extraTimeScore,
      penalties,
      kickoffAt,
      updatedAt,
    };
    FakeEventSource.emit('match', {
      kind: 'match',
      match: { ...state, version: 7 },
      change: 'event_added',
      event: null,
    });
    await waitFor(() => expect(card.textContent).toContain('2 – 0'));
    expect(card.textContent).toContain('31′');
    expect(region.textContent).toBe('Dinamo Tbilisi 2, Torpedo Kutaisi 0');

    // A late event of an older version changes nothing.
    FakeEventSource.emit('match', {
      kind: 'match',
      match: { ...state, minute: 29, score: { home: 1, away: 1 }, version: 6 },
      change: 'minute',
      event: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(card.textContent).toContain('2 – 0');
    expect(card.textContent).toContain('31′');

    FakeEventSource.emit('match', {
      kind: 'match',
      match: { ...state, status: 'half_time', minute: null, version: 8 },
      change: 'phase',
      event: null,
    });
    await waitFor(() => expect(card.textContent).toContain('Half-time'));
  });

  it('does not open a stream for a match days away', async () => {
    next = () => json({ match: aSummary({ kickoffAt: new Date(Date.now() + 3 * 86_400_000).toISOString() }) });
    await show();
    await screen.findByRole('region', { name: 'Next match' });
    expect(FakeEventSource.open).toEqual([]);
  });
});
