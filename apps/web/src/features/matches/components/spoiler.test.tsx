// @vitest-environment happy-dom
import type { MatchDetail } from '@burti/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MatchRoute } from '../../../app/routes/match';
import { answer, fail, hang, renderWithProviders, requestsTo, server } from '../../../testing';
import { aDetail, aPost, aSummary, FakeEventSource, MATCH_ID } from '../match.fixtures';
import { MatchRow } from './match-row';
import { NextMatchCard } from './next-match-card';

beforeEach(() => {
  FakeEventSource.install();
  // happy-dom lays nothing out; the thread's list measures its cards.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(200);
  return () => vi.unstubAllGlobals();
});

const live: MatchDetail = aDetail({ status: 'live', minute: 67, score: { home: 2, away: 1 }, version: 8 });
const held: MatchDetail = { ...live, score: null, spoilerHidden: true, events: [] };

const openMatch = (language: 'en' | 'ka' = 'en') =>
  renderWithProviders(null, {
    routes: [{ path: '/match/:matchId', element: <MatchRoute /> }],
    route: `/match/${MATCH_ID}`,
    language,
  });

describe('spoiler mode on the match page', () => {
  it(
    'holds the match: the score, the timeline and the thread’s posts hide, and the stream opens again',
    { timeout: 20_000 },
    async () => {
      server.use(
        answer('getMatch', { match: { ...live, spoilerHidden: false } }),
        answer('getMatchPosts', { posts: [aPost(1, { text: 'What a goal by Zivzivadze' })], nextCursor: null }),
        answer('holdMatchSpoiler', { match: held }),
      );
      const { user } = await openMatch();
      expect(await screen.findByText('2 – 1')).toBeTruthy();
      expect(await screen.findByText('What a goal by Zivzivadze')).toBeTruthy();
      await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
      const firstStream = FakeEventSource.open[0];

      await user.click(screen.getByRole('button', { name: 'Hold until I’ve watched' }));
      expect(await screen.findByRole('button', { name: 'Reveal the score' })).toBeTruthy();
      expect(requestsTo('holdMatchSpoiler')[0]?.url.pathname).toBe(`/api/matches/${MATCH_ID}/spoiler`);
      expect(screen.queryByText('2 – 1')).toBeNull();
      expect(screen.getAllByRole('img', { name: 'Score hidden until you’ve watched' }).length).toBeGreaterThan(0);
      expect(screen.getByText('The timeline is hidden until you reveal the score.')).toBeTruthy();
      expect(screen.queryByText('What a goal by Zivzivadze')).toBeNull();
      // The stream is opened again, so the server sends this fan the changes without their score.
      await waitFor(() => expect(firstStream?.closed).toBe(true));
      expect(FakeEventSource.open).toHaveLength(1);

      // A change from a stream still carrying the score (sent before the hold reached it) does not show it.
      FakeEventSource.emit('match', {
        kind: 'match',
        match: { ...live, minute: 68, score: { home: 3, away: 1 }, version: 9, spoilerHidden: undefined },
        change: 'minute',
        event: null,
      });
      expect(await screen.findByText('68′')).toBeTruthy();
      expect(screen.queryByText('3 – 1')).toBeNull();

      // The posts unfold on request, without revealing the score.
      await user.click(screen.getByRole('button', { name: 'Show posts' }));
      expect(await screen.findByText('What a goal by Zivzivadze')).toBeTruthy();
      expect(screen.queryByText('3 – 1')).toBeNull();
    },
  );

  it('reveals the score again, in Georgian', async () => {
    server.use(
      answer('getMatch', { match: held }),
      answer('getMatchPosts', { posts: [], nextCursor: null }),
      answer('revealMatchSpoiler', { match: { ...live, spoilerHidden: false } }),
    );
    const { user } = await openMatch('ka');
    const reveal = await screen.findByRole('button', { name: 'ანგარიშის ჩვენება' });
    expect(screen.getAllByRole('img', { name: 'ანგარიში დამალულია, სანამ მატჩს ნახავ' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'პოსტების ჩვენება' })).toBeTruthy();
    await user.click(reveal);
    expect(await screen.findByText('2 – 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'დამალე, სანამ ვნახავ' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'პოსტების ჩვენება' })).toBeNull();
  });

  it('is disabled while the change is on its way', async () => {
    server.use(
      answer('getMatch', { match: { ...live, spoilerHidden: false } }),
      answer('getMatchPosts', { posts: [], nextCursor: null }),
      hang('holdMatchSpoiler'),
    );
    const { user } = await openMatch();
    const hold = await screen.findByRole('button', { name: 'Hold until I’ve watched' });
    await user.click(hold);
    await waitFor(() => expect((hold as HTMLButtonElement).disabled).toBe(true));
    expect(hold.getAttribute('aria-busy')).toBe('true');
  });

  it('says so when the change is refused, and leaves the score as it was', async () => {
    server.use(
      answer('getMatch', { match: { ...live, spoilerHidden: false } }),
      answer('getMatchPosts', { posts: [], nextCursor: null }),
      fail('holdMatchSpoiler', 'MATCH_NOT_FOUND'),
    );
    const { user } = await openMatch();
    await user.click(await screen.findByRole('button', { name: 'Hold until I’ve watched' }));
    expect(await screen.findByText('Spoiler mode could not be changed')).toBeTruthy();
    expect(screen.getByText('2 – 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hold until I’ve watched' })).toBeTruthy();
  });

  it('works from the keyboard', async () => {
    server.use(
      answer('getMatch', { match: { ...live, spoilerHidden: false } }),
      answer('getMatchPosts', { posts: [], nextCursor: null }),
      answer('holdMatchSpoiler', { match: held }),
    );
    const { user } = await openMatch();
    const hold = await screen.findByRole('button', { name: 'Hold until I’ve watched' });
    hold.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Reveal the score' })).toBeTruthy();
    expect(requestsTo('holdMatchSpoiler')).toHaveLength(1);
  });
});

describe('spoiler mode on cards and lists', () => {
  it('the next-match card hides a held score and holds or reveals from the card', async () => {
    const summary = aSummary({ status: 'live', minute: 30, score: { home: 1, away: 0 }, version: 3 });
    server.use(
      answer('getClubNextMatch', { match: { ...summary, spoilerHidden: false } }, { once: true }),
      answer('holdMatchSpoiler', { match: held }),
      answer('getClubNextMatch', { match: { ...summary, score: null, spoilerHidden: true } }),
    );
    const { user } = await renderWithProviders(<NextMatchCard clubId={7} />);
    const card = await screen.findByRole('region', { name: 'Live now' });
    expect(card.textContent).toContain('1 – 0');
    await user.click(within(card).getByRole('button', { name: 'Hide score' }));
    expect(await within(card).findByRole('button', { name: 'Show score' })).toBeTruthy();
    expect(card.textContent).not.toContain('1 – 0');
    expect(within(card).getByRole('img', { name: 'Score hidden until you’ve watched' })).toBeTruthy();
  });

  it('a fixture list row says the score is hidden instead of giving it', async () => {
    const finished = aSummary({ status: 'finished', score: null, spoilerHidden: true });
    await renderWithProviders(
      <ul>
        <MatchRow match={finished} clubId={7} />
      </ul>,
    );
    const link = await screen.findByRole('link');
    expect(link.getAttribute('aria-label')).toBe(
      'Dinamo Tbilisi – Torpedo Kutaisi, Score hidden until you’ve watched, Full time',
    );
    expect(link.textContent).toContain('–');
  });
});
