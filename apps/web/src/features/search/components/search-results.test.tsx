import type { FanResult, PostPage, SearchResponse } from '@burti/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  aClub,
  aPost,
  answer,
  hang,
  lastRequestTo,
  offline,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../testing';
import { SearchResults } from './search-results';

const aFanResult = (over: Partial<FanResult> = {}): FanResult => ({
  id: 'f1',
  nickname: 'gela',
  avatarUrl: null,
  club: null,
  followersCount: 2,
  ...over,
});

const nothing: SearchResponse = {
  query: 'dinamo',
  fans: { fans: [], nextCursor: null },
  clubs: [],
  hashtags: [],
  posts: { posts: [], nextCursor: null },
};

/** Renders the results the way the search screen does, the posts drawn as a line of text each. */
function show({
  q = 'dinamo',
  language = 'en',
  onOpen = () => {},
}: { q?: string; language?: 'en' | 'ka'; onOpen?: () => void } = {}) {
  const renderPosts = (page: PostPage) => (
    <ul>
      {page.posts.map((post) => (
        <li key={post.id}>{post.text}</li>
      ))}
    </ul>
  );
  return renderWithProviders(
    <SearchResults
      q={q}
      onOpen={onOpen}
      renderPosts={renderPosts}
      allPosts={(empty) => (
        <div>
          every post for {q}
          {empty}
        </div>
      )}
    />,
    { language },
  );
}

describe('search results', () => {
  it('shows a spinner while the search runs', async () => {
    server.use(hang('search'));
    await show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('No results for “dinamo”')).toBeNull();
  });

  it('says nothing was found, naming the search, in both languages', async () => {
    server.use(answer('search', nothing));
    const first = await show();
    expect(await screen.findByText('No results for “dinamo”')).toBeTruthy();
    first.unmount();

    await show({ language: 'ka' });
    expect(await screen.findByText('„dinamo“ ვერ მოიძებნა')).toBeTruthy();
  });

  it('offers a retry when the search fails, and the retry searches again', async () => {
    server.use(offline('search'));
    const { user } = await show();
    expect(await screen.findByText('Search failed')).toBeTruthy();
    server.use(answer('search', { ...nothing, hashtags: [{ tag: 'derby', postsCount: 3 }] }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('#derby')).toBeTruthy();
    expect(requestsTo('search')).toHaveLength(2);
    expect(lastRequestTo('search').query).toEqual({ q: 'dinamo' });
  });

  it('lists fans, clubs, hashtags and posts in sections, each opening its page', async () => {
    const onOpen = vi.fn();
    server.use(
      answer('search', {
        query: 'dinamo',
        fans: { fans: [aFanResult({ nickname: 'dinamo_fan', followersCount: 1 })], nextCursor: null },
        // The fan's own club (aFan's, id 7) opens at /club; any other at its page.
        clubs: [aClub(), aClub({ id: 9, name: 'Dinamo Batumi', nameKa: 'დინამო ბათუმი', country: 'Georgia' })],
        hashtags: [{ tag: 'დინამო', postsCount: 12 }],
        posts: { posts: [aPost({ text: 'Dinamo won again' })], nextCursor: null },
      }),
    );
    const { user, pathname } = await show({ onOpen });

    const fans = within(await screen.findByRole('region', { name: 'Fans' }));
    expect(fans.getByRole('link', { name: /dinamo_fan/ }).getAttribute('href')).toBe('/profile/dinamo_fan');
    expect(fans.getByText('1 follower')).toBeTruthy();
    expect(fans.queryByRole('button', { name: 'See all fans' })).toBeNull();

    const clubs = within(screen.getByRole('region', { name: 'Clubs' }));
    expect(clubs.getByRole('link', { name: /Dinamo Tbilisi/ }).getAttribute('href')).toBe('/club');
    expect(clubs.getByRole('link', { name: /Dinamo Tbilisi/ }).textContent).toContain('Your club');
    expect(clubs.getByRole('link', { name: /Dinamo Batumi/ }).getAttribute('href')).toBe('/club/9');

    const hashtags = within(screen.getByRole('region', { name: 'Hashtags' }));
    expect(hashtags.getByRole('link', { name: /#დინამო/ }).getAttribute('href')).toBe(
      `/tag/${encodeURIComponent('დინამო')}`,
    );
    expect(hashtags.getByText('12 recent posts')).toBeTruthy();

    expect(within(screen.getByRole('region', { name: 'Posts' })).getByText('Dinamo won again')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'See all posts' })).toBeNull();

    await user.click(clubs.getByRole('link', { name: /Dinamo Batumi/ }));
    expect(onOpen).toHaveBeenCalledOnce();
    expect(pathname()).toBe('/club/9');
  });

  it('opens every fan from "See all fans", a page at a time', async () => {
    const six = Array.from({ length: 6 }, (_, i) => aFanResult({ id: `f${i}`, nickname: `fan${i}` }));
    server.use(
      answer('search', { ...nothing, fans: { fans: six, nextCursor: 'c1' } }),
      answer('searchFans', (request) =>
        request.query.cursor
          ? { fans: [aFanResult({ id: 'f9', nickname: 'last_fan' })], nextCursor: null }
          : { fans: six, nextCursor: 'c1' },
      ),
    );
    const { user } = await show({ language: 'ka' });

    // The All tab shows the first five, and the way to the rest.
    const fans = within(await screen.findByRole('region', { name: 'გულშემატკივრები' }));
    expect(fans.getAllByRole('link')).toHaveLength(5);
    await user.click(fans.getByRole('button', { name: 'ყველა გულშემატკივარი' }));

    expect(await screen.findByRole('link', { name: /fan5/ })).toBeTruthy();
    expect(lastRequestTo('searchFans').query).toEqual({ q: 'dinamo' });
    await user.click(screen.getByRole('button', { name: 'მეტის ჩატვირთვა' }));
    expect(await screen.findByRole('link', { name: /last_fan/ })).toBeTruthy();
    expect(lastRequestTo('searchFans').query).toEqual({ q: 'dinamo', cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'მეტის ჩატვირთვა' })).toBeNull();
  });

  it('says no fan was found on the Fans tab, and offers a retry when that search fails', async () => {
    server.use(answer('search', nothing), answer('searchFans', { fans: [], nextCursor: null }));
    const { user, unmount } = await show();
    await user.click(await screen.findByRole('tab', { name: 'Fans' }));
    expect(await screen.findByText('No results for “dinamo”')).toBeTruthy();
    unmount();

    server.use(offline('searchFans'));
    const again = await show();
    await again.user.click(await screen.findByRole('tab', { name: 'Fans' }));
    expect(await screen.findByText('Search failed')).toBeTruthy();
    server.use(answer('searchFans', { fans: [aFanResult({ nickname: 'found_later' })], nextCursor: null }));
    await again.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /found_later/ })).toBeTruthy();
  });

  it('opens every post from "See all posts"', async () => {
    server.use(
      answer('search', { ...nothing, posts: { posts: [aPost({ text: 'First of many' })], nextCursor: 'p2' } }),
    );
    const { user } = await show();
    await user.click(await screen.findByRole('button', { name: 'See all posts' }));
    expect(await screen.findByText('every post for dinamo')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Posts' }).getAttribute('aria-selected')).toBe('true');
  });
});
