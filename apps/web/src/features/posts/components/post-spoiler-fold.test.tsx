// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedRoute } from '../../../app/routes/feed';
import { aPost, answer, renderWithProviders, requestsTo, server } from '../../../testing';
import { stubPhoneWindow } from './post-list.fixtures';

beforeEach(() => {
  // happy-dom lays nothing out; the feed's list measures its cards.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(200);
});

const HELD = '0b7f3c1e-5a51-4d0e-9d35-1c7a1f0a9a01';
const match = { id: HELD, home: 'Dinamo Tbilisi', away: 'Torpedo Kutaisi' };

describe('spoiler mode in the feeds', () => {
  it('folds the text of a post about a held match until the fan asks to see it', async () => {
    server.use(
      answer('getFeed', {
        posts: [
          aPost({ id: 'p1', text: 'Zivzivadze scores the winner!', match }),
          aPost({ id: 'p2', text: 'Who is going on Sunday?', match: { ...match, id: crypto.randomUUID() } }),
          aPost({ id: 'p3', text: 'Gaumarjos!' }),
        ],
        nextCursor: null,
      }),
      answer('getSpoilerHolds', { matchIds: [HELD] }),
    );
    const { user } = await renderWithProviders(<FeedRoute />, { route: '/feed' });

    const note = await screen.findByText('Hidden: you’re holding this match until you’ve watched it');
    expect(screen.queryByText('Zivzivadze scores the winner!')).toBeNull();
    // Posts about other matches, and posts about none, are shown; one list serves every card.
    expect(screen.getByText('Who is going on Sunday?')).toBeTruthy();
    expect(screen.getByText('Gaumarjos!')).toBeTruthy();
    expect(requestsTo('getSpoilerHolds')).toHaveLength(1);

    // The folded card still names the match (its chip links to the match page).
    const card = note.closest('article');
    expect(card).toBeTruthy();
    const chip = within(card as HTMLElement)
      .getAllByRole('link')
      .find((link) => link.getAttribute('href') === `/match/${HELD}`);
    expect(chip).toBeTruthy();
    await user.click(within(card as HTMLElement).getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Zivzivadze scores the winner!')).toBeTruthy();
    expect(screen.queryByText('Hidden: you’re holding this match until you’ve watched it')).toBeNull();
  });

  it('shows every post to a fan who holds nothing', async () => {
    server.use(
      answer('getFeed', {
        posts: [aPost({ id: 'p1', text: 'Zivzivadze scores the winner!', match })],
        nextCursor: null,
      }),
    );
    await renderWithProviders(<FeedRoute />, { route: '/feed' });
    expect(await screen.findByText('Zivzivadze scores the winner!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });
});

describe('a shown post in a long feed', () => {
  beforeEach(() => {
    // The layout of a phone, as the windowed feed's own tests give it (happy-dom lays nothing out).
    stubPhoneWindow();
  });
  afterEach(() => {
    // Unmounted while the stubbed browser functions are still there (the feed cancels its idle work).
    cleanup();
    vi.unstubAllGlobals();
    window.scrollTo(0, 0);
  });

  const scrollTo = (y: number) =>
    act(async () => {
      window.scrollTo(0, y);
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });

  it('stays shown when the feed’s window drops its card and brings it back', { timeout: 30_000 }, async () => {
    const others = Array.from({ length: 59 }, (_, i) => aPost({ id: `p${i + 2}`, text: `Post number ${i + 2}` }));
    server.use(
      answer('getFeed', {
        posts: [aPost({ id: 'p1', text: 'Zivzivadze scores the winner!', match }), ...others],
        nextCursor: null,
      }),
      answer('getSpoilerHolds', { matchIds: [HELD] }),
    );
    const { user } = await renderWithProviders(<FeedRoute />, { route: '/feed' });
    const note = await screen.findByText('Hidden: you’re holding this match until you’ve watched it');
    const feed = screen.getByRole('feed');
    // The windowing takes over at the first idle moment.
    await waitFor(() => expect(feed.style.height).not.toBe(''));
    await user.click(within(note.closest('article') as HTMLElement).getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Zivzivadze scores the winner!')).toBeTruthy();

    // Scrolled far down: the first card leaves the page.
    await scrollTo(55 * 200);
    await waitFor(() => expect(screen.queryByText('Post number 2')).toBeNull());
    expect(screen.queryByText('Zivzivadze scores the winner!')).toBeNull();

    // Back at the top: the card is drawn anew, and still shown.
    await scrollTo(0);
    expect(await screen.findByText('Zivzivadze scores the winner!')).toBeTruthy();
    expect(screen.queryByText('Hidden: you’re holding this match until you’ve watched it')).toBeNull();
  });
});
