// @vitest-environment happy-dom
import type { MatchDetail, Post } from '@burti/shared';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aDetail,
  anEvent,
  aPost,
  apiError,
  FakeEventSource,
  json,
  MATCH_ID,
  renderScreen,
  stubApi,
} from '../../features/matches/match.fixtures';
import { MatchRoute } from './match';

configure({ asyncUtilTimeout: 5000 });

let match: () => Response | Promise<Response>;
let posts: Post[];
let createAnswer: () => Response;
let calls: ReturnType<typeof stubApi>;

beforeEach(() => {
  FakeEventSource.install();
  posts = [aPost(1)];
  createAnswer = () => json({ post: aPost(99, { text: 'My thread post' }) }, 201);
  calls = stubApi([
    [/^\/api\/matches\/[^/]+$/, () => match()],
    [/^\/api\/matches\/[^/]+\/posts$/, () => json({ posts, nextCursor: null })],
    // The match's alert switches (their own tests: features/matches/components/match-alerts.test.tsx).
    [
      /^\/api\/matches\/[^/]+\/alerts$/,
      () => json({ alerts: { mode: 'default', clubAlerts: false, alerting: false } }),
    ],
    [/^\/api\/posts$/, () => createAnswer()],
  ]);
  // happy-dom lays nothing out; the thread's list measures its cards.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(200);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (language: 'en' | 'ka' = 'en') =>
  renderScreen([{ path: '/match/:matchId', element: <MatchRoute /> }], `/match/${MATCH_ID}`, { language });

const stateOf = (detail: MatchDetail) => {
  const {
    id,
    status,
    minute,
    addedMinute,
    score,
    halfTimeScore,
    extraTimeScore,
    penalties,
    kickoffAt,
    version,
    updatedAt,
  } = detail;
  return {
    id,
    status,
    minute,
    addedMinute,
    score,
    halfTimeScore,
    extraTimeScore,
    penalties,
    kickoffAt,
    version,
    updatedAt,
  };
};

const liveMatch = aDetail({
  status: 'live',
  minute: 62,
  score: { home: 1, away: 1 },
  version: 10,
  thread: { phase: 'live', opensAt: '2026-11-27T14:00:00.000Z', closesAt: null },
  events: [
    anEvent({ id: '1', minute: 12, player: 'Kvilitaia', secondPlayer: 'Zivzivadze' }),
    anEvent({ id: '2', minute: 30, kind: 'yellow', side: 'away', player: 'Beridze' }),
    anEvent({ id: '3', minute: 44, side: 'away', player: 'Mikautadze', cancelled: true }),
    anEvent({
      id: '4',
      minute: 45,
      addedMinute: 2,
      kind: 'var',
      side: 'away',
      disallowsEventId: '3',
      detail: 'Offside',
    }),
    anEvent({ id: '5', minute: 55, kind: 'own_goal', side: 'home', player: 'Lobjanidze' }),
    anEvent({
      id: '6',
      minute: 60,
      kind: 'substitution',
      side: 'home',
      player: 'Kvilitaia',
      secondPlayer: 'Sikharulidze',
    }),
  ],
  lineups: {
    home: [
      { name: 'Mamardashvili', number: 1, position: 'GK', starter: true },
      { name: 'Sikharulidze', number: 18, position: null, starter: false },
    ],
    away: [{ name: 'Beridze', number: 4, position: 'DF', starter: true }],
  },
});

describe('the match page', () => {
  it('shows a placeholder while loading, then both teams, the score, minute, timeline and lineups', async () => {
    let answer!: (response: Response) => void;
    match = () => new Promise((resolve) => (answer = resolve));
    const { container } = await open();
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    answer(json({ match: liveMatch }));

    const header = await screen.findByRole('region', { name: 'Dinamo Tbilisi – Torpedo Kutaisi' });
    expect(header.textContent).toContain('1 – 1');
    expect(header.textContent).toContain('62′');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dinamo Tbilisi – Torpedo Kutaisi');

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]!.textContent).toContain('Assist: Zivzivadze');
    expect(items[1]!.textContent).toContain('Yellow card');
    // The goal VAR disallowed stays, struck through, with the reason.
    const cancelled = within(items[2]!).getByText('Mikautadze').closest('p')!;
    expect(cancelled.className).toContain('line-through');
    expect(items[2]!.textContent).toContain('Disallowed by VAR: Offside');
    expect(items[3]!.textContent).toContain('45+2′');
    expect(items[4]!.textContent).toContain('Own goal');
    expect(items[5]!.textContent).toContain('On: Sikharulidze');

    const lineups = screen.getByRole('region', { name: 'Lineups' });
    expect(lineups.textContent).toContain('Mamardashvili');
    expect(lineups.textContent).toContain('Substitutes');
  });

  it('leaves lineups out when they are not known and says when nothing has happened', async () => {
    match = () => json({ match: aDetail() });
    await open();
    await screen.findByRole('region', { name: 'Timeline' });
    expect(screen.getByText('Nothing has happened yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lineups' })).toBeNull();
    // Before kick-off: Tbilisi time.
    expect(screen.getByRole('region', { name: 'Dinamo Tbilisi – Torpedo Kutaisi' }).textContent).toContain('18:00');
  });

  it('names teams in Georgian on a Georgian screen', async () => {
    match = () => json({ match: liveMatch });
    await open('ka');
    await screen.findByRole('region', { name: 'დინამო თბილისი – ტორპედო ქუთაისი' });
    expect(screen.getByRole('region', { name: 'მატჩის მსვლელობა' }).textContent).toContain('ყვითელი ბარათი');
  });

  it('says so when the match does not exist, and offers a retry when loading fails', async () => {
    match = () => apiError('MATCH_NOT_FOUND', 404);
    await open();
    await screen.findByText('Match not found');
    cleanup();
    let failing = true;
    match = () => (failing ? apiError('INTERNAL', 500) : json({ match: liveMatch }));
    await open();
    await screen.findByText("Couldn't load the match");
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Timeline' });
  });

  it('applies a newer version from the stream, ignores an older one, and refetches on a timeline change', async () => {
    let served = liveMatch;
    match = () => json({ match: served });
    await open();
    const header = await screen.findByRole('region', { name: 'Dinamo Tbilisi – Torpedo Kutaisi' });
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    const live = header.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('Dinamo Tbilisi 1, Torpedo Kutaisi 1');

    FakeEventSource.emit('match', {
      kind: 'match',
      match: { ...stateOf(liveMatch), minute: 63, version: 11 },
      change: 'minute',
      event: null,
    });
    await waitFor(() => expect(header.textContent).toContain('63′'));
    // The minute alone is not read out.
    expect(live.textContent).toBe('Dinamo Tbilisi 1, Torpedo Kutaisi 1');

    FakeEventSource.emit('match', {
      kind: 'match',
      match: { ...stateOf(liveMatch), minute: 50, score: { home: 0, away: 0 }, version: 9 },
      change: 'minute',
      event: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(header.textContent).toContain('63′');
    expect(header.textContent).toContain('1 – 1');

    // A goal: the state moves at once, and the match is fetched again for its timeline.
    const goal = anEvent({ id: '7', minute: 64, player: 'Sikharulidze' });
    served = {
      ...liveMatch,
      minute: 64,
      score: { home: 2, away: 1 },
      version: 12,
      events: [...liveMatch.events, goal],
    };
    const before = calls.filter((c) => c.path === `/api/matches/${MATCH_ID}`).length;
    FakeEventSource.emit('match', { kind: 'match', match: stateOf(served), change: 'event_added', event: goal });
    await waitFor(() => expect(header.textContent).toContain('2 – 1'));
    expect(live.textContent).toBe('Dinamo Tbilisi 2, Torpedo Kutaisi 1');
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem')).toHaveLength(7),
    );
    expect(calls.filter((c) => c.path === `/api/matches/${MATCH_ID}`).length).toBe(before + 1);
  });

  it('announces new thread posts as a banner, and loads them on tap instead of jumping', async () => {
    match = () => json({ match: liveMatch });
    await open();
    await screen.findByText('Thread post 1');
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();

    posts = [aPost(3), aPost(2), aPost(1)];
    FakeEventSource.emit('thread_post', { kind: 'thread_post', matchId: MATCH_ID, postId: 'p2', clubId: 7 });
    await screen.findByRole('button', { name: '1 new post' });
    FakeEventSource.emit('thread_post', { kind: 'thread_post', matchId: MATCH_ID, postId: 'p3', clubId: 8 });
    // The same post announced twice counts once.
    FakeEventSource.emit('thread_post', { kind: 'thread_post', matchId: MATCH_ID, postId: 'p3', clubId: 8 });
    const banner = await screen.findByRole('button', { name: '2 new posts' });
    // Nothing moved yet.
    expect(screen.queryByText('Thread post 3')).toBeNull();

    await userEvent.click(banner);
    await screen.findByText('Thread post 3');
    expect(screen.getByText('Thread post 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /new post/ })).toBeNull());
  });

  it('posts into the thread with the match id, and shows why when the thread refuses', async () => {
    match = () => json({ match: liveMatch });
    await open();
    const box = await screen.findByRole('textbox', { name: 'Your post in the match thread' });
    await userEvent.type(box, 'What a game');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/posts')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ text: 'What a game', matchId: MATCH_ID });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));

    createAnswer = () => apiError('THREAD_CLOSED', 409);
    await userEvent.type(box, 'Too late');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This match thread is closed: posting here has ended.');

    createAnswer = () => apiError('THREAD_NOT_YOUR_MATCH', 403);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Only fans of the two clubs playing can post in this match thread.',
      ),
    );
  });

  it('shows the thread refusal in Georgian too', async () => {
    match = () => json({ match: liveMatch });
    createAnswer = () => apiError('THREAD_NOT_YOUR_MATCH', 403);
    await open('ka');
    const box = await screen.findByRole('textbox', { name: 'შენი პოსტი მატჩის განხილვაში' });
    await userEvent.type(box, 'გაუმარჯოს');
    await userEvent.click(screen.getByRole('button', { name: 'გამოქვეყნება' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ამ განხილვაში წერა მხოლოდ მოთამაშე კლუბების გულშემატკივრებს შეუძლიათ.',
    );
  });

  it('has no composer once the thread is closed, and an empty thread says so', async () => {
    posts = [];
    match = () =>
      json({ match: { ...liveMatch, status: 'finished', thread: { ...liveMatch.thread, phase: 'closed' } } });
    await open();
    await screen.findByText('This thread is closed.');
    expect(screen.queryByRole('textbox')).toBeNull();
    await screen.findByText('No posts yet');
  });
});
