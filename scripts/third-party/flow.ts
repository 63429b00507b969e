// What a third-party client written against docs/openapi.json alone looks like: sign in, post, like, comment.
// Type-checked by scripts/third-party-client.mjs against types openapi-typescript generates from the document;
// a renamed field, path or operation breaks it. It is never run.
import createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function signInPostLikeComment(baseUrl: string, email: string, password: string): Promise<number> {
  const api = createClient<paths>({ baseUrl });

  const signIn = await api.POST('/api/auth/sign-in/email', { body: { email, password } });
  if (!signIn.data) throw new Error(`sign-in failed: ${signIn.response.status}`);
  // The session as a bearer token, for clients without cookies.
  const token = signIn.response.headers.get('set-auth-token') ?? signIn.data.token;
  const headers = { authorization: `Bearer ${token}` };

  const created = await api.POST('/api/posts', { headers, body: { text: 'Dinamo 2–1 #derby' } });
  if (created.error) throw new Error(`${created.error.error.code}: ${created.error.error.message}`);
  const postId: string = created.data.post.id;
  const author: string = created.data.post.author.nickname;

  const liked = await api.POST('/api/posts/{postId}/like', { headers, params: { path: { postId } } });
  if (liked.error) throw new Error(liked.error.error.code);
  const likes: number = liked.data.likesCount;

  const comment = await api.POST('/api/posts/{postId}/comments', {
    headers,
    params: { path: { postId } },
    body: { body: `Great goal, @${author}!` },
  });
  if (comment.error) throw new Error(comment.error.error.message);
  const replies: number = comment.data.comment.replyCount;

  const feed = await api.GET('/api/feed', { headers, params: { query: { cursor: undefined } } });
  const first: string | null | undefined = feed.data?.posts[0]?.text;
  return likes + replies + (first ? 1 : 0) + comment.data.commentsCount;
}
