import { NICKNAME_MAX, NICKNAME_MIN } from '@burti/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { aFan, fail, hang, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { EditProfileDialog } from './edit-profile-dialog';

const me = aFan({ nickname: 'nika', bio: 'Dinamo since 1990' });

async function openDialog(language: 'en' | 'ka' = 'en') {
  const rendered = await renderWithProviders(<EditProfileDialog me={me} />, { language });
  await rendered.user.click(screen.getByRole('button', { name: i18n.t('profile.edit') }));
  const dialog = await screen.findByRole('dialog', { name: i18n.t('profile.editTitle') });
  return { ...rendered, dialog: within(dialog) };
}

describe('the profile editor', { timeout: 30_000 }, () => {
  it('checks the nickname with the shared rules, in English and in Georgian, and sends nothing', async () => {
    for (const language of ['en', 'ka'] as const) {
      const { user, dialog, unmount } = await openDialog(language);
      const nickname = dialog.getByLabelText(i18n.t('profile.nickname'));
      const save = dialog.getByRole('button', { name: i18n.t('profile.saveChanges') });

      await user.clear(nickname);
      await user.click(save);
      expect(await dialog.findByText(i18n.t('profile.nicknameRequired'))).toBeTruthy();

      await user.type(nickname, 'ab');
      await user.click(save);
      const short = i18n.t('errors.validation.nicknameShort', { min: String(NICKNAME_MIN) });
      expect(await dialog.findByText(short)).toBeTruthy();
      expect(nickname.getAttribute('aria-invalid')).toBe('true');

      await user.clear(nickname);
      await user.type(nickname, 'n'.repeat(NICKNAME_MAX + 1));
      await user.click(save);
      expect(
        await dialog.findByText(i18n.t('errors.validation.nicknameLong', { max: String(NICKNAME_MAX) })),
      ).toBeTruthy();
      unmount();
    }
    expect(requestsTo('updateProfile')).toHaveLength(0);
  });

  it('sends the trimmed nickname and bio, then closes', async () => {
    const { user, dialog } = await openDialog();
    const nickname = dialog.getByLabelText('Nickname');
    await user.clear(nickname);
    await user.type(nickname, '  nika_9 ');
    const bio = dialog.getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, ' Batumi by the sea ');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated!')).toBeTruthy();
    expect(lastRequestTo('updateProfile').body).toEqual({ nickname: 'nika_9', bio: 'Batumi by the sea' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is disabled while saving and will not close', async () => {
    server.use(hang('updateProfile'));
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a taken nickname beside the field, in Georgian', async () => {
    server.use(fail('updateProfile', 'NICKNAME_TAKEN'));
    const { user, dialog } = await openDialog('ka');
    await user.click(dialog.getByRole('button', { name: i18n.t('profile.saveChanges') }));
    const taken = i18n.t('errors.codes.NICKNAME_TAKEN');
    expect((await dialog.findAllByText(taken)).length).toBeGreaterThan(0);
    expect(dialog.getByLabelText(i18n.t('profile.nickname')).getAttribute('aria-invalid')).toBe('true');
  });
});
