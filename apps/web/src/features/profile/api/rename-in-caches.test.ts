import type { Comment, Post } from '@burti/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sharedKeys } from '../../../lib/query-keys';
import { renameAuthorInCaches } from './rename-in-caches';

// Keys under the prefixes the posts and comments features build theirs on.
const postKeys = {
  feed: () => [...sharedKeys.postLists, 'feed'],
  detail: (postId: string) => [...sharedKeys.posts, 'detail', postId],
};
const commentList = (postId: string) => [...sharedKeys.comments, 'post', postId];

const author = (id: string, nickname: string) => ({ id, nickname, avatarUrl: null });
const post = (id: string, by: string, nickname: string, sharedBy: Post['sharedBy'] = null): Post => ({
  id,
  author: author(by, nickname),
  club: { id: 1, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' },
  text: 'hello',
  mentions: [],
  media: null,
  mediaUrls: [],
  likesCount: 0,
  commentsCount: 0,
  sharesCount: 0,
  viewerHasLiked: false,
  viewerHasShared: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  sharedBy,
  match: null,
});
const comment = (id: string, by: string, nickname: string): Comment => ({
  id,
  postId: 'p1',
  parentCommentId: null,
  body: 'nice',
  mentions: [],
  author: author(by, nickname),
  replyCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  deleted: false,
  likesCount: 0,
  liked: false,
});

describe('renameAuthorInCaches', () => {
  it('renames the fan in posts, shares, details and comments on screen, and nobody else', () => {
    const client = new QueryClient();
    const shared = { id: 'me', nickname: 'old_me', sharedAt: '2026-01-02T00:00:00.000Z' };
    client.setQueryData(postKeys.feed(), {
      pages: [{ posts: [post('p1', 'me', 'old_me'), post('p2', 'other', 'giorgi', shared)], nextCursor: null }],
      pageParams: [undefined],
    });
    client.setQueryData(postKeys.detail('p1'), post('p1', 'me', 'old_me'));
    client.setQueryData(commentList('p2'), {
      pages: [{ comments: [comment('c1', 'me', 'old_me'), comment('c2', 'other', 'giorgi')], nextCursor: null }],
      pageParams: [undefined],
    });

    renameAuthorInCaches(client, 'me', 'new_me');

    const feed = client.getQueryData<{ pages: { posts: Post[] }[] }>(postKeys.feed())!.pages[0]!.posts;
    expect(feed.map((p) => p.author.nickname)).toEqual(['new_me', 'giorgi']);
    expect(feed[1]!.sharedBy?.nickname).toBe('new_me');
    expect(client.getQueryData<Post>(postKeys.detail('p1'))!.author.nickname).toBe('new_me');
    const comments = client.getQueryData<{ pages: { comments: Comment[] }[] }>(commentList('p2'))!;
    expect(comments.pages[0]!.comments.map((c) => c.author.nickname)).toEqual(['new_me', 'giorgi']);
  });
});
