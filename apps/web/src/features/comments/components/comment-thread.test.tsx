// @vitest-environment happy-dom
import type { Comment } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import '../../../lib/i18n';
import { aMe } from '../../../test/fixtures';
import { CommentThread } from './comment-thread';

configure({ asyncUtilTimeout: 5000 });

const me = aMe({ id: 'me', nickname: 'nika' });
const postId = '11111111-1111-4111-8111-111111111111';
const mine = '22222222-2222-4222-8222-222222222222';
const theirs = '33333333-3333-4333-8333-333333333333';
const aComment = (id: string, over: Partial<Comment> = {}): Comment => ({
  id,
  postId,
  parentCommentId: null,
  body: 'A comment',
  mentions: [],
  author: { id: 'me', nickname: 'nika', avatarUrl: null },
  replyCount: 0,
  createdAt: new Date().toISOString(),
  editedAt: null,
  deleted: false,
  likesCount: 0,
  liked: false,
  ...over,
});

// The server: two comments, mine and levan's; writes are recorded and answered as the server would.
let thread: Comment[];
let requests: string[];
let holdLike: Promise<void>;
let releaseLike: () => void;

beforeEach(() => {
  thread = [
    aComment(mine, { body: 'Kvara scores twice' }),
    aComment(theirs, { body: 'Nice one', author: { id: 'u2', nickname: 'levan', avatarUrl: null }, likesCount: 4 }),
  ];
  requests = [];
  holdLike = new Promise((resolve) => (releaseLike = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (data: unknown, status = 200) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      const method = init?.method ?? 'GET';
      if (method !== 'GET') requests.push(`${method} ${path}`);
      if (path === '/api/me') return json({ me });
      if (path.startsWith(`/api/posts/${postId}/comments`)) return json({ comments: thread, nextCursor: null });
      const one = /^\/api\/comments\/([^/]+)(\/like)?$/.exec(path);
      const target = thread.find((c) => c.id === one?.[1]);
      if (one && target && one[2]) {
        await holdLike;
        const liked = method === 'POST';
        return json({ liked, likesCount: target.likesCount + (liked ? 1 : 0) });
      }
      if (one && target && method === 'PATCH') {
        const { body } = JSON.parse(init!.body as string) as { body: string };
        return json({ comment: { ...target, body, editedAt: new Date().toISOString() }, commentsCount: 2 });
      }
      if (one && target && method === 'DELETE') return json({ comment: null, commentsCount: 1 });
      return json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderThread() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onCommentAdded = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CommentThread postId={postId} commentsCount={2} onCommentAdded={onCommentAdded} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onCommentAdded };
}

const item = async (text: string) => (await screen.findByText(text)).closest('li')!;

describe('a comment is its author’s', () => {
  it('offers Edit and Delete on one’s own comment only, and Report on another’s', async () => {
    const user = userEvent.setup();
    renderThread();
    await user.click(await within(await item('Kvara scores twice')).findByRole('button', { name: 'Comment options' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Report' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(await within(await item('Nice one')).findByRole('button', { name: 'Comment options' }));
    expect(screen.getByRole('menuitem', { name: 'Report' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
  });

  it('edits one’s comment in place and marks it edited', async () => {
    const user = userEvent.setup();
    renderThread();
    await user.click(await within(await item('Kvara scores twice')).findByRole('button', { name: 'Comment options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect((box as HTMLTextAreaElement).value).toBe('Kvara scores twice');
    await user.clear(box);
    await user.type(box, 'Kvara scores three times');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const edited = await item('Kvara scores three times');
    expect(within(edited).getByText(/edited/)).toBeTruthy();
    expect(requests).toContain(`PATCH /api/comments/${mine}`);
  });

  it('deletes one’s comment after confirming, and passes on the new count', async () => {
    const user = userEvent.setup();
    const { onCommentAdded } = renderThread();
    await user.click(await within(await item('Kvara scores twice')).findByRole('button', { name: 'Comment options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete comment?' });
    expect(requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Kvara scores twice')).toBeNull());
    expect(requests).toEqual([`DELETE /api/comments/${mine}`]);
    expect(onCommentAdded).toHaveBeenCalledWith(1);
  });

  it('likes a comment at once, then shows the server’s count', async () => {
    const user = userEvent.setup();
    renderThread();
    const like = within(await item('Nice one')).getByRole('button', { name: 'Like comment' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(like.textContent).toBe('4');
    await user.click(like);
    // Before the server answers.
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(like.textContent).toBe('5');
    releaseLike();
    await waitFor(() => expect(requests).toContain(`POST /api/comments/${theirs}/like`));
    expect(like.textContent).toBe('5');
  });
});
