import { ADMIN_NOTE_MAX, type AdminUser } from '@burti/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadNamespaces } from '../../../lib/i18n';
import { defaultAnswer, fail, hang, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { UserCard } from './user-card';

/** A fan of the admin list, made from the contract's sample: not the viewer, neither blocked nor an admin. */
const fan: AdminUser = {
  ...defaultAnswer('listAdminUsers')!.users[0]!,
  id: 'u-dato',
  nickname: 'dato',
  isAdmin: false,
  isBlocked: false,
};

beforeAll(() => loadNamespaces('admin'));

/** Opens the card's confirmation for `action` ('block' or 'makeAdmin') in `language`. */
async function confirmDialog(action: 'block' | 'makeAdmin', language: 'en' | 'ka' = 'en', user = fan) {
  const rendered = await renderWithProviders(<UserCard user={user} />, { language });
  const label = i18n.t(`admin.users.${action}`);
  await rendered.user.click(screen.getByRole('button', { name: `${label} ${user.nickname}` }));
  const title = i18n.t(`admin.users.${action}Title`, { nickname: user.nickname });
  const dialog = within(await screen.findByRole('alertdialog', { name: title }));
  return {
    ...rendered,
    dialog,
    note: dialog.getByLabelText(i18n.t('admin.users.noteLabel')),
    confirm: () => dialog.getByRole('button', { name: new RegExp(`^(${label}|${i18n.t('admin.users.working')})$`) }),
  };
}

describe('the user card’s confirmations', { timeout: 30_000 }, () => {
  it('block with the trimmed note, and without one when it is left empty', async () => {
    const { user, note, confirm, unmount } = await confirmDialog('block');
    await user.type(note, '  Spam in three threads  ');
    await user.click(confirm());
    expect(await screen.findByText(i18n.t('admin.users.blockedToast'))).toBeTruthy();
    const sent = lastRequestTo('setUserBlocked');
    expect(sent.params).toMatchObject({ userId: 'u-dato' });
    expect(sent.body).toEqual({ blocked: true, note: 'Spam in three threads' });
    unmount();

    const again = await confirmDialog('block');
    await again.user.type(again.note, '   ');
    await again.user.click(again.confirm());
    await expect.poll(() => requestsTo('setUserBlocked')).toHaveLength(2);
    expect(lastRequestTo('setUserBlocked').body).toEqual({ blocked: true });
  });

  it('unblock a blocked fan and make an admin, each sending its own body', async () => {
    const blocked = { ...fan, isBlocked: true };
    const rendered = await renderWithProviders(<UserCard user={blocked} />);
    const unblock = i18n.t('admin.users.unblock');
    await rendered.user.click(screen.getByRole('button', { name: `${unblock} dato` }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: i18n.t('admin.users.unblockTitle', { nickname: 'dato' }) }),
    );
    await rendered.user.click(dialog.getByRole('button', { name: unblock }));
    expect(await screen.findByText(i18n.t('admin.users.unblockedToast'))).toBeTruthy();
    expect(lastRequestTo('setUserBlocked').body).toEqual({ blocked: false });
    rendered.unmount();

    const { user, note, confirm } = await confirmDialog('makeAdmin');
    await user.type(note, 'Runs the Dinamo page');
    await user.click(confirm());
    expect(await screen.findByText(i18n.t('admin.users.grantedToast'))).toBeTruthy();
    expect(lastRequestTo('setUserAdmin').body).toEqual({ isAdmin: true, note: 'Runs the Dinamo page' });
  });

  it('refuse a note over the shared limit, in English and in Georgian, and send nothing', async () => {
    for (const language of ['en', 'ka'] as const) {
      for (const action of ['block', 'makeAdmin'] as const) {
        const { user, dialog, note, confirm, unmount } = await confirmDialog(action, language);
        // The field stops at the limit as typed; a longer note can still arrive (pasted past maxLength by a script).
        note.removeAttribute('maxlength');
        await user.click(note);
        await user.paste('n'.repeat(ADMIN_NOTE_MAX + 1));
        await user.click(confirm());
        expect(
          await dialog.findByText(i18n.t('errors.validation.noteTooLong', { max: String(ADMIN_NOTE_MAX) })),
        ).toBeTruthy();
        expect(note.getAttribute('aria-invalid')).toBe('true');
        unmount();
      }
    }
    expect(requestsTo('setUserBlocked')).toHaveLength(0);
    expect(requestsTo('setUserAdmin')).toHaveLength(0);
  });

  it('are disabled while the change is on its way', async () => {
    server.use(hang('setUserBlocked'));
    const { user, dialog, note, confirm } = await confirmDialog('block', 'ka');
    await user.click(confirm());
    await expect.poll(() => confirm().textContent).toBe(i18n.t('admin.users.working'));
    expect(confirm()).toHaveProperty('disabled', true);
    expect(dialog.getByRole('button', { name: i18n.t('app.cancel') })).toHaveProperty('disabled', true);
    expect(note).toHaveProperty('disabled', true);
  });

  it('show the server’s refusal in the language on screen and stay open', async () => {
    for (const language of ['en', 'ka'] as const) {
      server.use(fail('setUserAdmin', 'LAST_ADMIN'));
      const admin = { ...fan, isAdmin: true };
      const rendered = await renderWithProviders(<UserCard user={admin} />, { language });
      const revoke = i18n.t('admin.users.revokeAdmin');
      await rendered.user.click(screen.getByRole('button', { name: `${revoke} dato` }));
      const dialog = within(
        await screen.findByRole('alertdialog', { name: i18n.t('admin.users.revokeAdminTitle', { nickname: 'dato' }) }),
      );
      await rendered.user.click(dialog.getByRole('button', { name: revoke }));
      expect(await screen.findByText(i18n.t('admin.users.adminError'))).toBeTruthy();
      expect(await screen.findByText(i18n.t('errors.codes.LAST_ADMIN'))).toBeTruthy();
      expect(lastRequestTo('setUserAdmin').body).toEqual({ isAdmin: false });
      expect(dialog.getByRole('button', { name: revoke })).toHaveProperty('disabled', false);
      rendered.unmount();
    }
  });
});
