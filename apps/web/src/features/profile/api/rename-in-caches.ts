import type { Comment, Post } from '@burti/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { CommentPages } from '../../comments/api/comment-keys';
import { postKeys, type PostPages } from '../../posts/api/post-keys';

/**
 * A fan's new nickname, written into every post and comment already on screen (as author or sharer), so
 * their own posts show it at once instead of after a reload.
 */
export function renameAuthorInCaches(queryClient: QueryClient, userId: string, nickname: string): void {
  const renamePost = (post: Post): Post => ({
    ...post,
    author: post.author.id === userId ? { ...post.author, nickname } : post.author,
    sharedBy: post.sharedBy?.id === userId ? { ...post.sharedBy, nickname } : post.sharedBy,
  });
  const renameComment = (comment: Comment): Comment =>
    comment.author.id === userId ? { ...comment, author: { ...comment.author, nickname } } : comment;

  queryClient.setQueriesData<PostPages | Post>({ queryKey: postKeys.all }, (data) => {
    if (!data || typeof data !== 'object') return data;
    if ('pages' in data) {
      return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map(renamePost) })) };
    }
    return 'author' in data ? renamePost(data) : data;
  });
  queryClient.setQueriesData<CommentPages>({ queryKey: ['comments'] }, (data) =>
    data && typeof data === 'object' && 'pages' in data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, comments: page.comments.map(renameComment) })) }
      : data,
  );
}
