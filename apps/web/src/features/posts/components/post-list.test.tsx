// @vitest-environment happy-dom
import type { Me, Post, PostPage } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { meKeys } from '../../auth/api/get-me';
import { useFeed } from '../api/get-feed';
import { OVERSCAN, PostList } from './post-list';

const PAGE = 50;
const PAGES = 6;
const CARD_HEIGHT = 200;
const club = { id: 7, name: 'Dinamo Tbilisi', country: 'Georgia', league: 'Erovnuli Liga' };
const me = { id: 'viewer', nickname: 'giorgi', primaryClub: club } as Me;

function post(n: number): Post {
  return {
    id: `p${n}`,
    author: { id: `a${n % 7}`, nickname: `fan${n % 7}`, avatarUrl: null },
    club,
    text: `Post number ${n}`,
    mentions: [],
    media:
      n % 3 === 0
        ? { url: `/media/${n}.jpg`, type: 'photo', width: 1600, height: 1200, feedUrl: `/media/${n}-feed.jpg`, posterUrl: null }
        : null,
    mediaUrls: [],
    likesCount: 0,
    commentsCount: 0,
    sharesCount: 0,
    viewerHasLiked: false,
    viewerHasShared: false,
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    editedAt: null,
    sharedBy: null,
  };
}

function page(index: number): PostPage {
  const posts = Array.from({ length: PAGE }, (_, i) => post(index * PAGE + i + 1));
  return { posts, nextCursor: index + 1 < PAGES ? String(index + 1) : null };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.endsWith('/api/me')) return Promise.resolve(Response.json({ me }));
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      return Promise.resolve(Response.json(page(cursor ? Number(cursor) : 0)));
    }),
  );
  // happy-dom lays nothing out: every card is given a phone card's height, the screen a phone's.
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.index === undefined ? 0 : CARD_HEIGHT;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    bottom: 0,
    right: 390,
    width: 390,
    height: 0,
    toJSON: () => ({}),
  }));
  // Cards are measured when they mount (offsetHeight above), not by happy-dom's zero-sized resize entries.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('innerHeight', 800);
  // happy-dom has no idle periods of its own: the list's idle steps run on the next turn.
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.scrollTo(0, 0);
});

function Feed() {
  return <PostList query={useFeed()} errorTitle="Could not load" empty={<p>Nothing yet</p>} />;
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meKeys.all, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Feed />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const positions = () => screen.getAllByRole('article').map((card) => Number(card.getAttribute('aria-posinset')));

describe('PostList after several pages', () => {
  it(
    'keeps only a window of cards in the page after 5 pages, moves it with the scroll, and still loads more',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      setup();
      await screen.findByText('Post number 1');
      const feed = screen.getByRole('feed');
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
