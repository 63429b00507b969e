// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OVERSCAN } from './post-list';
import { CARD_HEIGHT, me, PAGE, PAGES, post, positions, registerFeedFixtures, setup } from './post-list.fixtures';

registerFeedFixtures();

describe('PostList after several pages', () => {
  it(
    'keeps only a window of cards in the page after 5 pages, moves it with the scroll, and still loads more',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      setup();
      await screen.findByText('Post number 1');
      const feed = screen.getByRole('feed');
      // The windowing takes over at the first idle moment.
      await waitFor(() => expect(feed.style.height).not.toBe(''));
      // One page, the window at the top: the screen's 4 cards and the overscan below them.
      expect(positions()[0]).toBe(1);
      expect(positions().length).toBeLessThanOrEqual(4 + OVERSCAN + 1);

      for (let loaded = 1; loaded < 5; loaded++) {
        const before = parseFloat(feed.style.height);
        await user.click(screen.getByRole('button', { name: 'Load more' }));
        // The feed grows by a page of (estimated) cards.
        await waitFor(() => expect(parseFloat(feed.style.height)).toBeGreaterThan(before + PAGE * 100));
        await waitFor(() =>
          expect(screen.getByRole('button', { name: 'Load more' }).hasAttribute('disabled')).toBe(false),
        );
      }
      // 250 posts loaded, about 25 cards in the page; screen readers hear each card's place and that more can load.
      expect(positions().length).toBeLessThanOrEqual(4 + OVERSCAN + 1);
      const first = screen.getAllByRole('article')[0]!;
      expect(first.getAttribute('aria-posinset')).toBe('1');
      expect(first.getAttribute('aria-setsize')).toBe('-1');

      // Scrolled far down: the cards around that place are in the page (in order, one window), the first ones are not.
      await act(async () => {
        window.scrollTo(0, 199 * CARD_HEIGHT);
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      await waitFor(() => expect(Math.min(...positions())).toBeGreaterThan(100));
      const shown = positions();
      expect(shown).toEqual(Array.from({ length: shown.length }, (_, i) => shown[0]! + i));
      expect(shown.length).toBeLessThanOrEqual(8 + 2 * OVERSCAN);
      expect(screen.getByText(`Post number ${shown[0]}`)).toBeTruthy();
      expect(screen.queryByText('Post number 1')).toBeNull();

      // The sixth page still loads from the same button; the feed then knows its length.
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
      await waitFor(() =>
        expect(screen.getAllByRole('article')[0]!.getAttribute('aria-setsize')).toBe(String(PAGES * PAGE)),
      );
    },
  );

  it(
    'renders a short list whole, so every card is reachable by keyboard and screen reader',
    { timeout: 30_000 },
    async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) =>
          Promise.resolve(
            url.endsWith('/api/me')
              ? Response.json({ me })
              : Response.json({ posts: Array.from({ length: 21 }, (_, i) => post(i + 1)), nextCursor: null }),
          ),
        ),
      );
      setup();
      await screen.findByText('Post number 1');
      await waitFor(() => expect(positions()).toEqual(Array.from({ length: 21 }, (_, i) => i + 1)), {
        timeout: 20_000,
      });
      expect(screen.getAllByRole('article')[20]!.getAttribute('aria-setsize')).toBe('21');
    },
  );
});
