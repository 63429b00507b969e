import type { AdminUser } from '@burti/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadNamespaces } from '../../../lib/i18n';
import { aFan, answer, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { UserCard } from './user-card';

beforeAll(async () => {
  await loadNamespaces('admin');
});

const anAdminUser = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u7',
  nickname: 'levan',
  email: 'levan@example.com',
  avatarUrl: null,
  isAdmin: false,
  isBlocked: false,
  blockedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  postsCount: 3,
  ...over,
});

/** The card as an administrator (aFan u1) sees it. */
const show = (user: AdminUser, language: 'en' | 'ka' = 'en') =>
  renderWithProviders(<UserCard user={user} />, { language, viewer: aFan({ id: 'u1', isAdmin: true, language }) });

// The confirmations' bodies, note limit, busy and refused states: user-card-dialogs.test.tsx.
describe('a user of the admin list', { timeout: 30_000 }, () => {
  it('says who they are and what they may do, in both languages', async () => {
    const user = anAdminUser({ isAdmin: true, isBlocked: true, email: null, postsCount: 1 });
    const first = await show(user);
    expect(screen.getByRole('heading', { name: /levan/ }).textContent).toBe('levanAdminBlocked');
    expect(screen.getByText('No email (Telegram account)')).toBeTruthy();
    expect(screen.getByText(/1 post$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /View Profile/ }).getAttribute('href')).toBe('/u/u7');
    expect(await screen.findByRole('button', { name: 'Unblock levan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke Admin levan' })).toBeTruthy();
    first.unmount();

    await show(anAdminUser(), 'ka');
    expect(screen.getByText('levan@example.com')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'დაბლოკვა levan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ადმინად დანიშვნა levan' })).toBeTruthy();
  });

  it('offers no action on the administrator’s own card', async () => {
    await show(anAdminUser({ id: 'u1', nickname: 'nika', isAdmin: true }));
    expect(await screen.findByText('You')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Block|Revoke Admin/ })).toBeNull();
  });

  it('revokes admin privileges once confirmed, in Georgian', async () => {
    server.use(answer('setUserAdmin', { user: anAdminUser() }));
    const { user } = await show(anAdminUser({ isAdmin: true }), 'ka');
    await user.click(await screen.findByRole('button', { name: 'ადმინის უფლების ჩამორთმევა levan' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'ჩამოვართვათ levan-ს ადმინის უფლებები?' }));
    expect(requestsTo('setUserAdmin')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'ადმინის უფლების ჩამორთმევა' }));
    expect(await screen.findByText('ადმინის უფლებები ჩამოერთვა')).toBeTruthy();
    expect(lastRequestTo('setUserAdmin').params).toMatchObject({ userId: 'u7' });
    expect(lastRequestTo('setUserAdmin').body).toEqual({ isAdmin: false });
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends nothing when the confirmation is cancelled, and forgets the note written in it', async () => {
    const { user } = await show(anAdminUser());
    await user.click(await screen.findByRole('button', { name: 'Block levan' }));
    await user.type(screen.getByLabelText('Note for the audit log (optional)'), 'Second thoughts');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: i18n.t('app.cancel') }));
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect(requestsTo('setUserBlocked')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Block levan' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Note for the audit log (optional)').value).toBe('');
  });
});
