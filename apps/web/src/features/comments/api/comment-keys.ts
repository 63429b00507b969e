import type { CommentPage } from '@burti/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';

export const commentKeys = {
  all: sharedKeys.comments,
  list: (postId: string) => [...sharedKeys.comments, 'post', postId] as const,
  replies: (commentId: string) => [...sharedKeys.comments, 'replies', commentId] as const,
};

export type CommentPages = InfiniteData<CommentPage>;
