import type { Comment, CommentPage, Mention, Post, PostPage } from '@burti/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';

type PostPages = InfiniteData<PostPage>;
type CommentPages = InfiniteData<CommentPage>;

/**
 * A fan's new nickname, written into every post and comment already on screen (as author or sharer), so
 * their own posts show it at once instead of after a reload.
 */
export function renameAuthorInCaches(queryClient: QueryClient, userId: string, nickname: string): void {
  // Mentions of the fan show their current nickname too (the server stores them by id).
  const renameMentions = (mentions: Mention[] = []) =>
    mentions.some((m) => m.id === userId) ? mentions.map((m) => (m.id === userId ? { ...m, nickname } : m)) : mentions;
  const renamePost = (post: Post): Post => ({
    ...post,
    author: post.author.id === userId ? { ...post.author, nickname } : post.author,
    sharedBy: post.sharedBy?.id === userId ? { ...post.sharedBy, nickname } : post.sharedBy,
    mentions: renameMentions(post.mentions),
  });
  const renameComment = (comment: Comment): Comment => ({
    ...comment,
    author: comment.author.id === userId ? { ...comment.author, nickname } : comment.author,
    mentions: renameMentions(comment.mentions),
  });

  queryClient.setQueriesData<PostPages | Post>({ queryKey: sharedKeys.posts }, (data) => {
    if (!data || typeof data !== 'object') return data;
    if ('pages' in data) {
      return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map(renamePost) })) };
    }
    return 'author' in data ? renamePost(data) : data;
  });
  queryClient.setQueriesData<CommentPages>({ queryKey: sharedKeys.comments }, (data) =>
    data && typeof data === 'object' && 'pages' in data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, comments: page.comments.map(renameComment) })) }
      : data,
  );
}
