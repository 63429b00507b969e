import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPost, anAuthor, renderWithProviders } from '../../../testing';
import { PostCard } from './post-card';

const post = aPost({ id: 'p-42', text: 'Derby day!\nsecond line', author: anAuthor({ nickname: 'gela' }) });
const link = `${window.location.origin}/post/p-42`;

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { Telegram?: unknown }).Telegram;
});

/** Opens the card's menu (loaded on demand) and returns it. */
async function openMenu(user: Awaited<ReturnType<typeof renderWithProviders>>['user'], name = 'Post options') {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu', {}, { timeout: 5000 });
}

describe('the post menu: Copy link and Share', () => {
  it('copies the post link and says so', async () => {
    const { user } = await renderWithProviders(<PostCard post={post} />);
    const menu = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(link);
  }, 30_000);

  it("opens the device's share sheet with the post's first line where there is one", async () => {
    const shareSheet = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share: shareSheet }));
    const { user } = await renderWithProviders(<PostCard post={post} />);
    const menu = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Share…' }));
    await vi.waitFor(() => expect(shareSheet).toHaveBeenCalledOnce());
    expect(shareSheet).toHaveBeenCalledWith({ title: 'gela · Burti', text: 'Derby day!', url: link });
  }, 30_000);

  it("uses Telegram's share screen inside the Mini App, in Georgian", async () => {
    const openTelegramLink = vi.fn((_link: string) => {});
    (window as { Telegram?: unknown }).Telegram = { WebApp: { openTelegramLink } };
    const { user } = await renderWithProviders(<PostCard post={post} />, { platform: 'telegram', language: 'ka' });
    const menu = await openMenu(user, 'პოსტის პარამეტრები');
    expect(within(menu).getByRole('menuitem', { name: 'ბმულის კოპირება' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'გაზიარება…' }));
    await vi.waitFor(() => expect(openTelegramLink).toHaveBeenCalledOnce());
    const shared = new URL(openTelegramLink.mock.calls[0]![0]);
    expect(shared.origin + shared.pathname).toBe('https://t.me/share/url');
    expect(shared.searchParams.get('url')).toBe(link);
  }, 30_000);
});
