import type { AdminReport } from '@burti/shared';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { answer, hang, lastRequestTo, offline, renderWithProviders, requestsTo, server } from '../../../testing';
import { ReportList } from './report-list';

beforeAll(async () => {
  await loadNamespaces('admin');
});

const aReport = (id: string, reporter: string, status: AdminReport['status'] = 'pending'): AdminReport => ({
  id,
  status,
  targetType: 'comment',
  targetId: `c-${id}`,
  reason: 'Inappropriate content',
  createdAt: new Date().toISOString(),
  reporter: { id: `u-${reporter}`, nickname: reporter },
  resolutionNote: null,
  resolvedAt: null,
  resolvedBy: null,
  target: null,
  reportCount: 1,
  reporters: [reporter],
});

const show = (route = '/admin/reports', language: 'en' | 'ka' = 'en') =>
  renderWithProviders(<ReportList />, { route, path: '/admin/reports', language });

describe('the report queue', { timeout: 30_000 }, () => {
  it('shows placeholders, named for screen readers, while the queue loads', async () => {
    server.use(hang('listAdminReports'));
    await show();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
  });

  it('opens on the pending cases, a page at a time', async () => {
    server.use(
      answer('listAdminReports', (request) =>
        request.query.cursor
          ? { reports: [aReport('r3', 'levan')], nextCursor: null }
          : { reports: [aReport('r1', 'nino'), aReport('r2', 'gela')], nextCursor: 'c1' },
      ),
    );
    const { user } = await show();
    expect(await screen.findByText('Reported by nino')).toBeTruthy();
    expect(screen.getByText('Reported by gela')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true');
    expect(lastRequestTo('listAdminReports').query).toEqual({ status: 'pending' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Reported by levan')).toBeTruthy();
    expect(lastRequestTo('listAdminReports').query).toEqual({ status: 'pending', cursor: 'c1' });
  });

  it('filters by status from the tabs, keeping the filter in the address', async () => {
    server.use(
      answer('listAdminReports', (request) => ({
        reports: [aReport(`r-${request.query.status}`, `by_${request.query.status}`, request.query.status as never)],
        nextCursor: null,
      })),
    );
    const { user, router } = await show();
    await screen.findByText('Reported by by_pending');
    await user.click(screen.getByRole('tab', { name: 'Resolved' }));
    expect(await screen.findByText('Reported by by_resolved')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=resolved');
    expect(lastRequestTo('listAdminReports').query).toEqual({ status: 'resolved' });

    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(await screen.findByText('Reported by by_pending')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('opens a linked filter, and reads an unknown one as pending', async () => {
    const first = await show('/admin/reports?status=dismissed');
    await expect.poll(() => lastRequestTo('listAdminReports').query).toEqual({ status: 'dismissed' });
    expect(screen.getByRole('tab', { name: 'Dismissed' }).getAttribute('aria-selected')).toBe('true');
    first.unmount();

    await show('/admin/reports?status=everything');
    await expect.poll(() => lastRequestTo('listAdminReports').query).toEqual({ status: 'pending' });
  });

  it('says when nothing needs attention, in both languages', async () => {
    server.use(answer('listAdminReports', { reports: [], nextCursor: null }));
    const first = await show();
    expect(await screen.findByText('No pending reports')).toBeTruthy();
    expect(screen.getByText('Nothing needs your attention right now.')).toBeTruthy();
    first.unmount();

    await show('/admin/reports?status=resolved', 'ka');
    expect(await screen.findByText('გადაწყვეტილი საჩივრები არ არის')).toBeTruthy();
  });

  it('offers a retry when the queue fails to load, and the retry asks again', async () => {
    server.use(offline('listAdminReports'));
    const { user } = await show();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load reports');
    server.use(answer('listAdminReports', { reports: [aReport('r1', 'nino')], nextCursor: null }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Reported by nino')).toBeTruthy();
    expect(requestsTo('listAdminReports')).toHaveLength(2);
  });
});
