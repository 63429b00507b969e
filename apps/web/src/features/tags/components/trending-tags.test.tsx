import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrendingTags } from './trending-tags';
import { answer, fail, hang, lastRequestTo, renderWithProviders, server } from '../../../testing';

describe('trending hashtags', () => {
  it('shows placeholders while loading', async () => {
    server.use(hang('getTrendingTags'));
    const { container } = await renderWithProviders(<TrendingTags />);
    expect(screen.getByRole('heading', { name: 'Trending in the last 24 hours' })).toBeTruthy();
    expect(container.querySelectorAll('[aria-hidden="true"] > *').length).toBe(3);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says so when nothing is trending, in Georgian', async () => {
    server.use(answer('getTrendingTags', { tags: [] }));
    await renderWithProviders(<TrendingTags />, { language: 'ka' });
    expect(await screen.findByText('ბოლო 24 საათში ჰეშთეგები ჯერ არ ყოფილა')).toBeTruthy();
  });

  it('links each tag to its page with its count, marks the current one, and asks for the club’s', async () => {
    server.use(
      answer('getTrendingTags', {
        tags: [
          { tag: 'dinamo', uses: 12 },
          { tag: 'derby', uses: 1 },
        ],
      }),
    );
    const { user, pathname } = await renderWithProviders(<TrendingTags clubId={7} current="derby" />, {
      route: '/tag/derby',
    });
    const dinamo = await screen.findByRole('link', { name: 'dinamo 12 posts' });
    expect(dinamo.getAttribute('href')).toBe('/tag/dinamo');
    expect(screen.getByRole('link', { name: 'derby 1 post' }).getAttribute('aria-current')).toBe('page');
    expect(lastRequestTo('getTrendingTags').query).toEqual({ clubId: '7' });
    await user.click(dinamo);
    expect(pathname()).toBe('/tag/dinamo');
  });

  it('leaves the row out when the tags cannot be loaded', async () => {
    server.use(fail('getTrendingTags', 'INTERNAL'));
    const { container } = await renderWithProviders(<TrendingTags />);
    expect(screen.getByRole('heading', { name: 'Trending in the last 24 hours' })).toBeTruthy();
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
