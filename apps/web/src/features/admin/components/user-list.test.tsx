import type { AdminUser } from '@burti/shared';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { aFan, answer, hang, lastRequestTo, offline, renderWithProviders, requestsTo, server } from '../../../testing';
import { UserList } from './user-list';

beforeAll(async () => {
  await loadNamespaces('admin');
});

const anAdminUser = (id: string, nickname: string): AdminUser => ({
  id,
  nickname,
  email: `${nickname}@example.com`,
  avatarUrl: null,
  isAdmin: false,
  isBlocked: false,
  blockedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  postsCount: 0,
});

const show = (route = '/admin/users', language: 'en' | 'ka' = 'en') =>
  renderWithProviders(<UserList />, {
    route,
    path: '/admin/users',
    language,
    viewer: aFan({ isAdmin: true, language }),
  });

describe('the admin user list', { timeout: 30_000 }, () => {
  it('shows placeholders, named for screen readers, while the users load', async () => {
    server.use(hang('listAdminUsers'));
    await show();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
  });

  it('lists the users newest first, a page at a time', async () => {
    server.use(
      answer('listAdminUsers', (request) =>
        request.query.cursor
          ? { users: [anAdminUser('u9', 'oldest')], nextCursor: null }
          : { users: [anAdminUser('u3', 'newest'), anAdminUser('u2', 'older')], nextCursor: 'c1' },
      ),
    );
    const { user } = await show();
    expect(await screen.findByRole('heading', { name: 'newest' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('h2 span')?.textContent)).toEqual([
      'newest',
      'older',
    ]);
    expect(lastRequestTo('listAdminUsers').query).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'oldest' })).toBeTruthy();
    expect(lastRequestTo('listAdminUsers').query).toEqual({ cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches as the administrator types, keeping the search in the address', async () => {
    server.use(
      answer('listAdminUsers', (request) => ({
        users: request.query.q ? [anAdminUser('u5', 'giorgi')] : [anAdminUser('u3', 'newest')],
        nextCursor: null,
      })),
    );
    const { user, router } = await show();
    await screen.findByRole('heading', { name: 'newest' });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'gio');
    expect(await screen.findByRole('heading', { name: 'giorgi' })).toBeTruthy();
    expect(lastRequestTo('listAdminUsers').query).toEqual({ q: 'gio' });
    // One search for the word once typing pauses, not one a letter.
    expect(requestsTo('listAdminUsers').filter((request) => request.query.q)).toHaveLength(1);
    expect(router.state.location.search).toBe('?q=gio');
  });

  it('says no user matches a search, in Georgian, naming it', async () => {
    server.use(answer('listAdminUsers', { users: [], nextCursor: null }));
    await show('/admin/users?q=zzz', 'ka');
    expect(await screen.findByText('მომხმარებლები ვერ მოიძებნა')).toBeTruthy();
    expect(screen.getByText('არც ერთი მეტსახელი ან ელფოსტა არ შეიცავს „zzz“-ს.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('zzz');
    expect(lastRequestTo('listAdminUsers').query).toEqual({ q: 'zzz' });
  });

  it('offers a retry when the list fails to load, and the retry asks again', async () => {
    server.use(offline('listAdminUsers'));
    const { user } = await show();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load users');
    server.use(answer('listAdminUsers', { users: [anAdminUser('u3', 'newest')], nextCursor: null }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'newest' })).toBeTruthy();
    expect(requestsTo('listAdminUsers')).toHaveLength(2);
  });
});
