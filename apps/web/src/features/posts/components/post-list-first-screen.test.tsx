// @vitest-environment happy-dom
// A file of its own: the virtualizer is fetched once per page, so this file's page has not fetched it yet.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CARD_HEIGHT, PAGE, positions, setup, registerFeedFixtures } from './post-list.fixtures';

registerFeedFixtures();

describe('PostList before the windowing has arrived', () => {
  it(
    'draws the first screen in the page before the windowing arrives, which then takes over the same cards',
    { timeout: 30_000 },
    async () => {
      const idle: (() => void)[] = [];
      vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
      vi.stubGlobal('cancelIdleCallback', () => undefined);
      setup();
      await screen.findByText('Post number 1');
      const feed = screen.getByRole('feed');
      // The screen's 4 cards (800 px) by their estimates, in the page's flow, in a box as tall as the list's estimate.
      expect(positions()).toEqual([1, 2, 3, 4]);
      expect(feed.style.height).toBe('');
      expect(parseFloat(feed.style.minHeight)).toBeGreaterThan(PAGE * 100);
      const first = screen.getAllByRole('article')[0]!;
      expect(first.parentElement!.className).not.toContain('absolute');

      // Scrolled before it arrives: the cards down to the new bottom of the screen are drawn.
      act(() => {
        window.scrollTo(0, 3 * CARD_HEIGHT);
        window.dispatchEvent(new Event('scroll'));
      });
      expect(positions()).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const fourth = screen.getAllByRole('article')[3]!;

      // The first idle moment fetches the virtualizer: it takes the cards over without drawing them anew.
      await act(async () => {
        idle.splice(0).forEach((callback) => callback());
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      await waitFor(() => expect(feed.style.height).not.toBe(''));
      // The window starts at the screen's first card (the fourth), which is the same element, where it was.
      expect(positions()[0]).toBe(4);
      expect(screen.getAllByRole('article')[0]).toBe(fourth);
      expect(fourth.parentElement!.className).toContain('absolute');
      expect(fourth.parentElement!.style.transform).toBe(`translateY(${3 * CARD_HEIGHT}px)`);
      expect(first.isConnected).toBe(false);
    },
  );
});
