import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aComment, answer, renderWithProviders, server } from '../../../testing';
import { CommentThread } from './comment-thread';

const postId = '11111111-1111-4111-8111-111111111111';

describe('the comments heading after a block', () => {
  it('counts the comments the viewer can see, not the ones a block hides', async () => {
    // The post has 3 comments; one fan the viewer blocked wrote 1 of them, so 2 are in the thread.
    server.use(
      answer('getComments', {
        comments: [aComment({ id: 'c1', postId, body: 'Kvara' }), aComment({ id: 'c2', postId, body: 'Mikautadze' })],
        nextCursor: null,
        hiddenCount: 1,
      }),
    );
    await renderWithProviders(<CommentThread postId={postId} commentsCount={3} onCommentAdded={() => {}} />);
    expect(await screen.findByText('Mikautadze')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
  });

  it('says the same in Georgian', async () => {
    server.use(
      answer('getComments', {
        comments: [aComment({ id: 'c1', postId, body: 'Kvara' })],
        nextCursor: null,
        hiddenCount: 2,
      }),
    );
    await renderWithProviders(<CommentThread postId={postId} commentsCount={3} onCommentAdded={() => {}} />, {
      language: 'ka',
    });
    expect(await screen.findByText('Kvara')).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toContain('1');
    expect(screen.getByRole('heading').textContent).not.toContain('3');
  });
});
