import type { Me, Post, PostPage } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import '../../../lib/i18n';
import { meKeys } from '../../auth/api/get-me';
import { useFeed } from '../api/get-feed';
import { PostList } from './post-list';

/** What PostList's tests share: pages of posts, a phone's layout for happy-dom, and a feed to render. */
export const PAGE = 50;
export const PAGES = 6;
export const CARD_HEIGHT = 200;
const club = { id: 7, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' };
export const me = { id: 'viewer', nickname: 'giorgi', primaryClub: club } as Me;

export function post(n: number): Post {
  return {
    id: `p${n}`,
    author: { id: `a${n % 7}`, nickname: `fan${n % 7}`, avatarUrl: null },
    club,
    text: `Post number ${n}`,
    mentions: [],
    media:
      n % 3 === 0
        ? {
            url: `/media/${n}.jpg`,
            type: 'photo',
            width: 1600,
            height: 1200,
            feedUrl: `/media/${n}-feed.jpg`,
            posterUrl: null,
          }
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
    match: null,
  };
}

function page(index: number): PostPage {
  const posts = Array.from({ length: PAGE }, (_, i) => post(index * PAGE + i + 1));
  return { posts, nextCursor: index + 1 < PAGES ? String(index + 1) : null };
}

/**
 * A phone's window for the windowed feed: cards are measured when they mount, not by happy-dom's zero-sized resize
 * entries; the screen is 800 px tall; and happy-dom, which has no idle periods of its own, runs the list's idle
 * steps on the next turn. Undone by `vi.unstubAllGlobals()` (after `cleanup()`: the feed cancels its idle work as it
 * unmounts).
 */
export function stubPhoneWindow(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('innerHeight', 800);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
}

/** Registers the fetch stub and the layout for each test of the file that calls it. */
export function registerFeedFixtures(): void {
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
    stubPhoneWindow();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.scrollTo(0, 0);
  });
}

function Feed() {
  return <PostList query={useFeed()} errorTitle="Could not load" empty="Nothing yet" />;
}

export function setup() {
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

export const positions = () => screen.getAllByRole('article').map((card) => Number(card.getAttribute('aria-posinset')));
