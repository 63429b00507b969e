import { ADMIN_NOTE_MAX, type AdminReport } from '@burti/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { defaultAnswer, fail, hang, lastRequestTo, renderWithProviders, requestsTo, server } from '../../../testing';
import { ReviewDialog } from './review-dialog';

/** A pending case made from the contract's sample, without a target to act on (resolve and dismiss only). */
const report: AdminReport = { ...defaultAnswer('listAdminReports')!.reports[0]!, id: 'r1', target: null };

async function openDialog(language: 'en' | 'ka' = 'en') {
  const rendered = await renderWithProviders(<ReviewDialog report={report} open onOpenChange={() => {}} />, {
    language,
  });
  const dialog = within(screen.getByRole('dialog', { name: i18n.t('admin.review.title') }));
  return { ...rendered, dialog, note: dialog.getByLabelText(i18n.t('admin.review.noteLabel')) };
}

describe('the review dialog’s note', { timeout: 30_000 }, () => {
  it('refuses a note over the shared limit, in English and in Georgian, and sends nothing', async () => {
    for (const language of ['en', 'ka'] as const) {
      const { user, dialog, note, unmount } = await openDialog(language);
      // The field stops at the limit as typed; a longer note can still arrive (pasted past maxLength by a script).
      note.removeAttribute('maxlength');
      await user.click(note);
      await user.paste('n'.repeat(ADMIN_NOTE_MAX + 1));
      await user.click(dialog.getByRole('button', { name: i18n.t('admin.review.resolve') }));
      expect(
        await dialog.findByText(i18n.t('errors.validation.noteTooLong', { max: String(ADMIN_NOTE_MAX) })),
      ).toBeTruthy();
      unmount();
    }
    expect(requestsTo('resolveReport')).toHaveLength(0);
  });

  it('sends the trimmed note with the action', async () => {
    const { user, dialog, note } = await openDialog();
    await user.type(note, '  Spam, twice  ');
    await user.click(dialog.getByRole('button', { name: i18n.t('admin.review.dismiss') }));
    expect(await screen.findByText(i18n.t('admin.review.dismissed'))).toBeTruthy();
    const sent = lastRequestTo('resolveReport');
    expect(sent.params).toMatchObject({ reportId: 'r1' });
    expect(sent.body).toEqual({ action: 'dismissed', note: 'Spam, twice' });
  });

  it('is disabled while the case is being closed', async () => {
    server.use(hang('resolveReport'));
    const { user, dialog, note } = await openDialog();
    await user.click(dialog.getByRole('button', { name: i18n.t('admin.review.resolve') }));
    await expect
      .poll(() => dialog.getByRole('button', { name: i18n.t('admin.review.resolve') }))
      .toHaveProperty('disabled', true);
    expect(dialog.getByRole('button', { name: i18n.t('admin.review.dismiss') })).toHaveProperty('disabled', true);
    expect(note).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal in the language on screen', async () => {
    server.use(fail('resolveReport', 'REPORT_CLOSED'));
    const { user, dialog } = await openDialog('ka');
    await user.click(dialog.getByRole('button', { name: i18n.t('admin.review.resolve') }));
    expect(await screen.findByText(i18n.t('errors.codes.REPORT_CLOSED'))).toBeTruthy();
    expect(dialog.getByRole('button', { name: i18n.t('admin.review.resolve') })).toHaveProperty('disabled', false);
  });
});
