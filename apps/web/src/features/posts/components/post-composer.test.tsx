// @vitest-environment happy-dom
import type { Post } from '@burti/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import '../../../lib/i18n';
import { CharCounter } from './char-counter';
import { PostComposer, PostComposerDialog } from './post-composer';
import { aMe } from '../../../test/fixtures';

const club = { id: 7, name: 'Dinamo Tbilisi', nameKa: 'დინამო თბილისი', country: 'Georgia', league: 'Erovnuli Liga' };
const me = aMe({ id: 'u1', email: 'nika@example.ge', primaryClub: club, createdAt: '2026-11-01T00:00:00Z' });
const post = (over: Partial<Post> = {}): Post => ({
  id: 'p1',
  author: { id: 'u1', nickname: 'nika', avatarUrl: null },
  club,
  text: 'Hello',
  mentions: [],
  media: null,
  mediaUrls: [],
  likesCount: 0,
  commentsCount: 0,
  sharesCount: 0,
  viewerHasLiked: false,
  viewerHasShared: false,
  createdAt: new Date().toISOString(),
  editedAt: null,
  sharedBy: null,
  match: null,
  ...over,
});

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
/** The API as the browser sees it: /api/me answers the fan; POST /api/posts answers after `release()`. */
let release: () => void;

beforeEach(() => {
  calls = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  release = open;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body });
      const json = (status: number, data: unknown) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/api/me')) return json(200, { me });
      if (url.endsWith('/api/posts') && method === 'POST') {
        await gate;
        return json(201, { post: post({ text: 'Gaumarjos!' }) });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrap(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const fileOf = (name: string, type: string, size = 1024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('CharCounter', () => {
  it('is muted up to 350, amber above 350 and red above 450', () => {
    const { rerender } = render(<CharCounter length={350} />);
    const counter = () => screen.getByText('350/500').parentElement!;
    expect(counter().dataset.tone).toBe('normal');
    expect(counter().className).toContain('text-muted-foreground');

    rerender(<CharCounter length={351} />);
    expect(screen.getByText('351/500').parentElement!.dataset.tone).toBe('warning');
    expect(screen.getByText('351/500').parentElement!.className).toContain('text-amber-700');

    rerender(<CharCounter length={450} />);
    expect(screen.getByText('450/500').parentElement!.dataset.tone).toBe('warning');

    rerender(<CharCounter length={451} />);
    expect(screen.getByText('451/500').parentElement!.dataset.tone).toBe('danger');
    expect(screen.getByText('451/500').parentElement!.className).toContain('text-danger');
  });
});

describe('PostComposer', () => {
  it('keeps Post disabled without text or media, and enables it for real text', async () => {
    const user = userEvent.setup();
    wrap(<PostComposer frame="page" onDone={() => {}} />);
    const postButton = screen.getByRole('button', { name: 'Post' });
    const box = screen.getByRole('textbox', { name: 'Post text' });
    expect(box.getAttribute('placeholder')).toBe("What's happening in the football world?");
    expect(postButton).toHaveProperty('disabled', true);

    await user.type(box, '   ');
    expect(postButton).toHaveProperty('disabled', true);
    await user.type(box, 'Gaumarjos!');
    expect(postButton).toHaveProperty('disabled', false);
    expect(screen.getByText('13/500')).toBeTruthy();
    expect(await screen.findByText('Your post will be visible to Dinamo Tbilisi fans and in Explore.')).toBeTruthy();
  });

  it('stops at 500 characters and colours the counter on the way', async () => {
    const user = userEvent.setup();
    wrap(<PostComposer frame="page" onDone={() => {}} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' });
    await user.click(box);
    await user.paste('a'.repeat(400));
    expect(screen.getByText('400/500').parentElement!.dataset.tone).toBe('warning');
    await user.paste('b'.repeat(200));
    expect(box.value).toHaveLength(500);
    expect(screen.getByText('500/500').parentElement!.dataset.tone).toBe('danger');
  });

  it('refuses files over 10 MB and files of the wrong kind, with the spec toasts', async () => {
    const user = userEvent.setup({ applyAccept: false });
    wrap(<PostComposer frame="page" onDone={() => {}} />);
    const photo = screen.getByLabelText<HTMLInputElement>('Choose a photo');
    const video = screen.getByLabelText<HTMLInputElement>('Choose a video');
    expect(photo.accept).toBe('image/jpeg,image/png,image/webp');
    expect(video.accept).toBe('video/mp4,video/webm,video/quicktime');

    await user.upload(photo, fileOf('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Please select a file smaller than 10MB')).toBeTruthy();

    await user.upload(photo, fileOf('clip.mp4', 'video/mp4'));
    expect(await screen.findByText('Please select a valid photo file')).toBeTruthy();
    await user.upload(video, fileOf('pic.png', 'image/png'));
    expect(await screen.findByText('Please select a valid video file')).toBeTruthy();
    expect(screen.getAllByText('Invalid file type').length).toBeGreaterThan(0);

    expect(screen.queryByRole('img', { name: 'Selected photo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', true);
  });

  it('accepts a photo alone, previews it, and can take it away again', async () => {
    const user = userEvent.setup();
    wrap(<PostComposer frame="page" onDone={() => {}} />);
    await user.upload(screen.getByLabelText('Choose a photo'), fileOf('goal.png', 'image/png'));
    expect(screen.getByRole('img', { name: 'Selected photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: 'Remove media' }));
    expect(screen.queryByRole('img', { name: 'Selected photo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', true);
  });

  it("shows 'Posting...' and stays disabled while saving, then reports success", async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    wrap(<PostComposer frame="page" onDone={onDone} />);
    await user.type(screen.getByRole('textbox', { name: 'Post text' }), '  Gaumarjos!  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    const busy = await screen.findByRole('button', { name: 'Posting...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Photo' })).toHaveProperty('disabled', true);
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toBe(JSON.stringify({ text: 'Gaumarjos!' }));

    release();
    expect(await screen.findByText('Success! Your post has been shared with the community!')).toBeTruthy();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("says 'Uploading...' while a file travels, as multipart", async () => {
    const user = userEvent.setup();
    wrap(<PostComposer frame="page" onDone={() => {}} />);
    await user.upload(screen.getByLabelText('Choose a photo'), fileOf('goal.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeTruthy();
    const body = calls.find((c) => c.method === 'POST')?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('media')).toBeInstanceOf(File);
    release();
  });

  it('prefills an edit, names the club it was posted to and offers Update', () => {
    wrap(
      <DialogHarness
        post={post({
          text: 'Old words',
          media: {
            url: '/media/posts_media/u1/a.jpg',
            type: 'photo',
            width: 1200,
            height: 800,
            feedUrl: null,
            posterUrl: null,
          },
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Edit Post' })).toBeTruthy();
    expect(screen.getByText('Editing post from:')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' }).value).toBe('Old words');
    expect(screen.getByRole('img', { name: 'Selected photo' }).getAttribute('src')).toBe('/media/posts_media/u1/a.jpg');
    expect(screen.getByRole('button', { name: 'Update' })).toHaveProperty('disabled', false);
  });
});

function DialogHarness({ post: edited }: { post?: Post }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <PostComposerDialog open={open} onOpenChange={setOpen} post={edited} />
    </>
  );
}

describe('PostComposerDialog', () => {
  it('titles the dialog, names the club in capitals, and clears its text when closed', async () => {
    const user = userEvent.setup();
    wrap(<DialogHarness />);
    expect(screen.getByRole('dialog', { name: 'Create Post' })).toBeTruthy();
    expect(await screen.findByText('Posting to: DINAMO TBILISI')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Post text' }), 'Half time');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('closed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'reopen' }));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Post text' }).value).toBe('');
  });

  it('will not close while the post is being saved', async () => {
    const user = userEvent.setup();
    wrap(<DialogHarness />);
    await user.type(screen.getByRole('textbox', { name: 'Post text' }), 'Full time');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByRole('button', { name: 'Posting...' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();

    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // (Sonner keeps toasts of earlier tests in its store, hence "all".)
    expect(screen.getAllByText('Success! Your post has been shared with the community!').length).toBeGreaterThan(0);
  });
});
