import { POST_TEXT_MAX } from '@burti/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { aPost, fail, hang, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { PostComposer } from './post-composer';

/** The composer as a form on the contract (post-composer.test.tsx keeps its frames and media checks). */
const photo = {
  url: '/media/posts_media/u1/a.jpg',
  type: 'photo',
  width: 1200,
  height: 800,
  feedUrl: null,
  posterUrl: null,
} as const;

describe('the post composer’s form', { timeout: 15_000 }, () => {
  it('sends the text as the contract parses it: trimmed, without media', async () => {
    const onDone = vi.fn();
    const { user } = await renderWithProviders(<PostComposer frame="page" onDone={onDone} />);
    await user.type(screen.getByRole('textbox', { name: 'Post text' }), '  Gaumarjos!  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Success! Your post has been shared with the community!')).toBeTruthy();
    expect(lastRequestTo('createPost').body).toEqual({ text: 'Gaumarjos!' });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('sends an edit with its media taken away', async () => {
    const { user } = await renderWithProviders(
      <PostComposer frame="page" post={aPost({ id: 'p9', text: 'Old words', media: photo })} onDone={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove media' }));
    const box = screen.getByRole('textbox', { name: 'Post text' });
    await user.clear(box);
    await user.type(box, 'New words ');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(i18n.t('composer.updated'))).toBeTruthy();
    const sent = lastRequestTo('editPost');
    expect(sent.params).toMatchObject({ postId: 'p9' });
    expect(sent.body).toEqual({ text: 'New words', removeMedia: true });
  });

  it('stops at the shared limit, counted in Georgian too', async () => {
    const { user } = await renderWithProviders(<PostComposer frame="page" onDone={() => {}} />, { language: 'ka' });
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: i18n.t('composer.textLabel') });
    await user.click(box);
    await user.paste('a'.repeat(POST_TEXT_MAX + 40));
    expect(box.value).toHaveLength(POST_TEXT_MAX);
    expect(screen.getByText(`${POST_TEXT_MAX}/${POST_TEXT_MAX}`)).toBeTruthy();
  });

  it('is disabled while the post is on its way, and sends it once', async () => {
    server.use(hang('createPost'));
    const { user } = await renderWithProviders(<PostComposer frame="page" onDone={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Post text' });
    await user.type(box, 'Full time');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    const busy = await screen.findByRole('button', { name: 'Posting...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(box).toHaveProperty('disabled', true);
    await user.click(busy);
    expect(requestsTo('createPost')).toHaveLength(1);
  });

  it('shows the server’s refusal in the language on screen and keeps the draft', async () => {
    server.use(fail('createPost', 'CLUB_REQUIRED'));
    const { user } = await renderWithProviders(<PostComposer frame="page" onDone={() => {}} />, { language: 'ka' });
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: i18n.t('composer.textLabel') });
    await user.type(box, 'Gaumarjos!');
    await user.click(screen.getByRole('button', { name: i18n.t('composer.post') }));

    expect(await screen.findByText(i18n.t('errors.codes.CLUB_REQUIRED'))).toBeTruthy();
    expect(box.value).toBe('Gaumarjos!');
    expect(screen.getByRole('button', { name: i18n.t('composer.post') })).toHaveProperty('disabled', false);
  });
});
