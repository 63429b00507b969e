import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answer,
  aComment,
  aPost,
  fail,
  hang,
  lastRequestTo,
  offline,
  renderWithProviders,
  requestsTo,
  server,
} from '../../testing';
import { PostDetailRoute } from './post-detail';

const open = (language: 'en' | 'ka' = 'en') =>
  renderWithProviders(<PostDetailRoute />, { route: '/post/p9', path: '/post/:postId', language });

describe('the post screen', () => {
  it('shows a skeleton, named for screen readers, while the post loads', async () => {
    server.use(hang('getPost'));
    await open();
    expect(screen.getByText('Loading post...')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
  });

  it('shows the post of the address with its comments', async () => {
    server.use(
      answer('getPost', { post: aPost({ id: 'p9', text: 'Derby tonight!', commentsCount: 1 }) }),
      answer('getComments', { comments: [aComment({ postId: 'p9', body: 'See you there' })], nextCursor: null }),
    );
    await open();
    expect(await screen.findByText('Derby tonight!')).toBeTruthy();
    expect(await screen.findByText('See you there')).toBeTruthy();
    expect(lastRequestTo('getPost').params).toMatchObject({ postId: 'p9' });
    expect(lastRequestTo('getComments').params).toMatchObject({ postId: 'p9' });
  });

  it('says the author deleted a post that is gone, with the way back to the feed', async () => {
    server.use(fail('getPost', 'POST_DELETED'));
    await open();
    expect(await screen.findByText('This post has been deleted')).toBeTruthy();
    expect(screen.getByText('The author removed it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Feed' }).getAttribute('href')).toBe('/feed');
  });

  it('says a moderator removed it, in Georgian too', async () => {
    server.use(fail('getPost', 'POST_REMOVED_BY_MODERATOR'));
    await open('ka');
    expect(await screen.findByText('ეს პოსტი წაშლილია')).toBeTruthy();
    expect(screen.queryByText('ავტორმა წაშალა.')).toBeNull();
    expect(screen.getByRole('link', { name: 'ლენტაზე დაბრუნება' })).toBeTruthy();
  });

  it('says a post that never existed was not found', async () => {
    server.use(fail('getPost', 'POST_NOT_FOUND'));
    await open();
    expect(await screen.findByText('Post not found')).toBeTruthy();
    expect(screen.getByText("This post doesn't exist or has been removed.")).toBeTruthy();
  });

  it('offers a retry when the post could not be loaded, and the retry asks again', async () => {
    server.use(offline('getPost'));
    const { user } = await open();
    expect(await screen.findByRole('heading', { name: 'Failed to load post' })).toBeTruthy();
    server.use(answer('getPost', { post: aPost({ id: 'p9', text: 'Back online' }) }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back online')).toBeTruthy();
    expect(requestsTo('getPost')).toHaveLength(2);
  });
});
