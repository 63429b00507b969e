import type { SearchResponse } from '@burti/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aPost, answer, lastRequestTo, renderWithProviders, requestsTo, server } from '../../testing';
import { SearchRoute } from './search';

const found = (q: string): SearchResponse => ({
  query: q,
  fans: { fans: [], nextCursor: null },
  clubs: [],
  hashtags: [{ tag: q, postsCount: 1 }],
  posts: { posts: [aPost({ text: `A post about ${q}` })], nextCursor: 'next' },
});

const open = (route = '/search', language: 'en' | 'ka' = 'en') =>
  renderWithProviders(<SearchRoute />, { route, path: '/search', language });

// Recent searches live on the device; each test starts with none.
beforeEach(() => localStorage.clear());

describe('the search screen', () => {
  it('invites a search while the box is empty, in both languages, and searches for nothing', async () => {
    const first = await open();
    expect(screen.getByText('Find fans, clubs and posts')).toBeTruthy();
    first.unmount();
    await open('/search', 'ka');
    expect(screen.getByText('იპოვე გულშემატკივრები, კლუბები და პოსტები')).toBeTruthy();
    expect(requestsTo('search')).toHaveLength(0);
  });

  it('searches as the fan types, keeps the search in the address, and shows the posts as cards', async () => {
    server.use(answer('search', (request) => found(request.query.q ?? '')));
    const { user, router } = await open();
    await user.type(screen.getByRole('searchbox'), 'derby');

    expect(await screen.findByText('A post about derby')).toBeTruthy();
    expect(screen.getByRole('feed', { name: 'Posts' })).toBeTruthy();
    expect(lastRequestTo('search').query).toEqual({ q: 'derby' });
    // Typing pauses before searching: one request for the word, not one a letter.
    expect(requestsTo('search')).toHaveLength(1);
    expect(router.state.location.search).toBe('?q=derby');
  });

  it('opens with the search of a shared link', async () => {
    server.use(answer('search', (request) => found(request.query.q ?? '')));
    await open('/search?q=batumi');
    expect(await screen.findByText('A post about batumi')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('batumi');
  });

  it('remembers a submitted search, searches it again from the list, and forgets it on request', async () => {
    server.use(answer('search', (request) => found(request.query.q ?? '')));
    const { user, unmount } = await open();
    await user.type(screen.getByRole('searchbox'), 'kutaisi{Enter}');
    expect(await screen.findByText('A post about kutaisi')).toBeTruthy();
    unmount();

    const again = await open();
    expect(screen.getByRole('heading', { name: 'Recent searches' })).toBeTruthy();
    await again.user.click(screen.getByRole('button', { name: 'kutaisi' }));
    expect(await screen.findByText('A post about kutaisi')).toBeTruthy();
    await again.user.clear(screen.getByRole('searchbox'));

    await again.user.click(await screen.findByRole('button', { name: 'Remove “kutaisi” from recent searches' }));
    expect(screen.queryByRole('button', { name: 'kutaisi' })).toBeNull();
    expect(screen.getByText('Find fans, clubs and posts')).toBeTruthy();
  });

  it('shows every post found on the Posts tab', async () => {
    server.use(
      answer('search', (request) => found(request.query.q ?? '')),
      answer('searchPosts', { posts: [aPost({ id: 'p7', text: 'Older derby post' })], nextCursor: null }),
    );
    const { user } = await open('/search?q=derby');
    await user.click(await screen.findByRole('button', { name: 'See all posts' }));
    expect(await screen.findByText('Older derby post')).toBeTruthy();
    expect(lastRequestTo('searchPosts').query).toMatchObject({ q: 'derby' });
  });
});
