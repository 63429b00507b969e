// What a third-party client written against docs/openapi.json alone looks like: sign in, post, like, comment.
// Type-checked by scripts/third-party-client.mjs against types openapi-typescript generates from the document;
// a renamed field, path or operation breaks it. It is never run.
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

// The document's named schemas and shared error answers, as a client would use them.
type Post = components['schemas']['Post'];
type Comment = components['schemas']['Comment'];
type LikeState = components['schemas']['LikeState'];
type RateLimited = components['responses']['RateLimited']['content']['application/json'];

/** What a client shows when a limit is hit: the shared 429 answer's code and message. */
export function limitMessage(answer: RateLimited): string {
  const code: 'RATE_LIMITED' = answer.error.code;
  return `${code}: ${answer.error.message}`;
}

export async function signInPostLikeComment(baseUrl: string, email: string, password: string): Promise<number> {
  const api = createClient<paths>({ baseUrl });

  const signIn = await api.POST('/api/auth/sign-in/email', { body: { email, password } });
  if (!signIn.data) throw new Error(`sign-in failed: ${signIn.response.status}`);
  // The session as a bearer token, for clients without cookies.
  const token = signIn.response.headers.get('set-auth-token') ?? signIn.data.token;
  const headers = { authorization: `Bearer ${token}` };

  const created = await api.POST('/api/posts', { headers, body: { text: 'Dinamo 2–1 #derby' } });
  if (created.error) throw new Error(`${created.error.error.code}: ${created.error.error.message}`);
  const post: Post = created.data.post;
  const postId: string = post.id;
  const author: string = post.author.nickname;

  const liked = await api.POST('/api/posts/{postId}/like', { headers, params: { path: { postId } } });
  if (liked.error) throw new Error(liked.error.error.code);
  const likeState: LikeState = liked.data;
  const likes: number = likeState.likesCount;

  const comment = await api.POST('/api/posts/{postId}/comments', {
    headers,
    params: { path: { postId } },
    body: { body: `Great goal, @${author}!` },
  });
  if (comment.error) throw new Error(comment.error.error.message);
  const reply: Comment = comment.data.comment;
  const replies: number = reply.replyCount;

  // A retry of the like with the same Idempotency-Key gets the first answer again.
  const retried = await api.POST('/api/posts/{postId}/like', {
    headers,
    params: { path: { postId }, header: { 'Idempotency-Key': `like-${postId}` } },
  });
  if (retried.response.headers.get('idempotent-replayed') === 'true' && retried.error) {
    throw new Error(retried.error.error.code);
  }

  const feed = await api.GET('/api/feed', { headers, params: { query: { cursor: undefined } } });
  const posts: Post[] = feed.data?.posts ?? [];
  const first: string | null | undefined = posts[0]?.text;
  return likes + replies + (first ? 1 : 0) + comment.data.commentsCount;
}
