import type { AdminReport } from '@burti/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { lastRequestTo, renderWithProviders } from '../../../testing';
import { ReportCard } from './report-card';

beforeAll(async () => {
  await loadNamespaces('admin');
});

const aReport = (over: Partial<AdminReport> = {}): AdminReport => ({
  id: '6903286a-0000-4000-8000-0000000000aa',
  status: 'pending',
  targetType: 'post',
  targetId: 'p1',
  reason: 'Inappropriate content',
  createdAt: new Date().toISOString(),
  reporter: { id: 'u3', nickname: 'nino' },
  resolutionNote: null,
  resolvedAt: null,
  resolvedBy: null,
  target: {
    type: 'post',
    id: 'p1',
    text: 'Buy followers here',
    media: null,
    author: { id: 'u2', nickname: 'spammer' },
    createdAt: '2026-03-01T10:00:00.000Z',
    editedAt: null,
    deletedAt: null,
    revisionsCount: 0,
  },
  reportCount: 1,
  reporters: ['nino'],
  ...over,
});

const show = (report: AdminReport, language: 'en' | 'ka' = 'en') =>
  renderWithProviders(<ReportCard report={report} />, { language });

describe('a case of the report queue', () => {
  it('shows what was reported, by whom and why, in the moderator’s language', async () => {
    const first = await show(aReport());
    const card = within(screen.getByRole('article', { name: 'Report on a post' }));
    expect(card.getByText('Pending')).toBeTruthy();
    expect(card.getByText('1 report')).toBeTruthy();
    expect(card.getByText('Inappropriate content')).toBeTruthy();
    expect(card.getByRole('link', { name: /spammer/ }).getAttribute('href')).toBe('/u/u2');
    expect(card.getByText('Reported by nino')).toBeTruthy();
    expect(card.getByText('Buy followers here')).toBeTruthy();
    first.unmount();

    await show(aReport({ reason: 'Inappropriate behavior', targetType: 'user', target: null }), 'ka');
    const ka = within(screen.getByRole('article', { name: 'საჩივარი: მომხმარებელი' }));
    expect(ka.getByText('შეუფერებელი ქცევა')).toBeTruthy();
    expect(ka.getByText('განსახილველი')).toBeTruthy();
    expect(ka.getByText('ეს შიგთავსი აღარ არსებობს.')).toBeTruthy();
  });

  it('keeps a reason the fan wrote in their own words as written', async () => {
    await show(aReport({ reason: 'Posted my phone number' }));
    expect(screen.getByText('Posted my phone number')).toBeTruthy();
  });

  it('reads a brigade of reports as one case, naming the other reporters and counting the rest', async () => {
    await show(aReport({ reportCount: 8, reporters: ['nino', 'gela', 'levan'] }));
    expect(screen.getByText('8 reports')).toBeTruthy();
    expect(screen.getByText(/Also reported by gela, levan and 5 more/)).toBeTruthy();
  });

  it('shows a reported fan as the reported user', async () => {
    await show(
      aReport({
        targetType: 'user',
        target: { type: 'user', id: 'u4', nickname: 'troll', bio: null, avatarUrl: null, isBlocked: true },
      }),
    );
    expect(screen.getByText('Reported user')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /troll/ })[0]!.getAttribute('href')).toBe('/u/u4');
    expect(screen.getByText('No bio')).toBeTruthy();
  });

  it('opens the review of a pending case, whose action is sent for this case', async () => {
    const { user } = await show(aReport({ target: null }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review report' }));
    await user.click(dialog.getByRole('button', { name: 'Dismiss' }));
    await expect
      .poll(() => lastRequestTo('resolveReport').params)
      .toMatchObject({
        reportId: '6903286a-0000-4000-8000-0000000000aa',
      });
    expect(lastRequestTo('resolveReport').body).toMatchObject({ action: 'dismissed' });
  });

  it('shows how a closed case ended, by whom and with what note, and offers no review', async () => {
    await show(
      aReport({
        status: 'resolved',
        resolvedBy: 'moderator_nino',
        resolvedAt: new Date().toISOString(),
        resolutionNote: 'Removed the post',
      }),
    );
    expect(screen.getByText(/Resolved by moderator_nino/)).toBeTruthy();
    expect(screen.getByText('Note: Removed the post')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
  });

  it('shows a case closed without a recorded moderator by its status alone, in Georgian', async () => {
    await show(aReport({ status: 'dismissed', resolvedBy: null, resolvedAt: null }), 'ka');
    const card = within(screen.getByRole('article'));
    expect(card.getAllByText('უარყოფილი')).toHaveLength(2);
    expect(card.queryByRole('button', { name: 'განხილვა' })).toBeNull();
  });
});
