import type { CommentPage } from '@burti/shared';
import type { InfiniteData } from '@tanstack/react-query';

export const commentKeys = {
  all: ['comments'] as const,
  list: (postId: string) => ['comments', 'post', postId] as const,
  replies: (commentId: string) => ['comments', 'replies', commentId] as const,
};

export type CommentPages = InfiniteData<CommentPage>;

export function withCursor(path: string, cursor: string | undefined): string {
  return cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;
}
