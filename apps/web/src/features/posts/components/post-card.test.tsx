// @vitest-environment happy-dom
import type { Me, Post } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import '../../../lib/i18n';
import { meKeys } from '../../auth/api/get-me';
import { postKeys, type PostPages } from '../api/post-keys';
import { PostCard } from './post-card';

const club = { id: 7, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' };
const me = { id: 'viewer', nickname: 'giorgi', primaryClub: club } as Me;
const post: Post = {
  id: 'p1',
  author: { id: 'author', nickname: 'tamar', avatarUrl: null },
  club,
  text: 'Line one\nLine two',
  mentions: [],
  media: null,
  mediaUrls: [],
  likesCount: 4,
  commentsCount: 2,
  sharesCount: 0,
  viewerHasLiked: false,
  viewerHasShared: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  editedAt: new Date().toISOString(),
  sharedBy: null,
  match: null,
};

let likeCalls: string[];
let answerLike: (response: Response) => void;

beforeEach(() => {
  likeCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/me')) return Response.json({ me });
      if (url.endsWith('/like')) {
        likeCalls.push(init?.method ?? 'GET');
        return new Promise<Response>((resolve) => (answerLike = resolve));
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meKeys.all, me);
  client.setQueryData<PostPages>(postKeys.feed(), {
    pages: [{ posts: [post], nextCursor: null }],
    pageParams: [undefined],
  });
  client.setQueryData<Post>(postKeys.detail(post.id), post);
  function Live() {
    // The card reads the feed's copy, as it does on screen.
    const data = client.getQueryData<PostPages>(postKeys.feed());
    return <PostCard post={data!.pages[0]!.posts[0]!} />;
  }
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Live />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const rerender = () =>
    view.rerender(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Live />
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  return { client, rerender };
}

describe('PostCard', () => {
  it('shows the author, club, time, edited mark and text with its line breaks', () => {
    setup();
    expect(screen.getByRole('link', { name: 'tamar' }).getAttribute('href')).toBe('/u/author');
    expect(screen.getByRole('img', { name: 'Dinamo Tbilisi' })).toBeTruthy();
    expect(screen.getByText('5m ago')).toBeTruthy();
    expect(screen.getByText('edited')).toBeTruthy();
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Line one\nLine two')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Comment' }).getAttribute('href')).toBe('/post/p1');
  });

  it('likes at once in every cached copy, queues a second tap meanwhile, and rolls back on failure', async () => {
    const user = userEvent.setup();
    const { client, rerender } = setup();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(client.getQueryData<Post>(postKeys.detail('p1'))?.likesCount).toBe(5));
    expect(client.getQueryData<PostPages>(postKeys.feed())?.pages[0]?.posts[0]?.viewerHasLiked).toBe(true);
    rerender();
    const pressed = screen.getByRole('button', { name: 'Unlike' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(pressed.textContent).toBe('5');

    await user.click(pressed); // shown at once, sent only if the first answer differs from it
    await waitFor(() => expect(client.getQueryData<Post>(postKeys.detail('p1'))?.likesCount).toBe(4));
    expect(likeCalls).toEqual(['POST']);

    answerLike(Response.json({ error: { code: 'INTERNAL', message: 'Server on fire' } }, { status: 500 }));
    // The code's sentence from the catalogue, in the language on screen (not the server's own words).
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    await waitFor(() => expect(client.getQueryData<Post>(postKeys.detail('p1'))?.likesCount).toBe(4));
    expect(client.getQueryData<PostPages>(postKeys.feed())?.pages[0]?.posts[0]?.viewerHasLiked).toBe(false);
  });

  it('settles fast taps on the last one with one request and the server’s count', async () => {
    const user = userEvent.setup();
    const { client, rerender } = setup();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    rerender();
    await user.click(screen.getByRole('button', { name: 'Unlike' }));
    rerender();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(likeCalls).toEqual(['POST']);
    // Another fan liked meanwhile: the server's count wins over the one counted on screen.
    answerLike(Response.json({ liked: true, likesCount: 9 }));
    await waitFor(() => expect(client.getQueryData<Post>(postKeys.detail('p1'))?.likesCount).toBe(9));
    expect(client.getQueryData<PostPages>(postKeys.feed())?.pages[0]?.posts[0]?.viewerHasLiked).toBe(true);
    expect(likeCalls).toEqual(['POST']);
  });

  it('offers Report Post, not Edit or Delete, on someone else’s post', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(await screen.findByRole('menuitem', { name: 'Report Post' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit Post' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete Post' })).toBeNull();
  });
});
