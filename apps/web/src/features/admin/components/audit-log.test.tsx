import type { AuditEntry } from '@burti/shared';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { answer, renderWithProviders, server } from '../../../testing';
import { AuditLog } from './audit-log';

beforeAll(async () => {
  await loadNamespaces('admin');
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  admin: { id: 'admin-1', nickname: 'moderator_nino' },
  action: 'user_blocked',
  targetType: 'user',
  targetId: '6903286a-0000-4000-8000-000000000000',
  targetLabel: null,
  targetLabelKa: null,
  note: null,
  details: null,
  createdAt: new Date().toISOString(),
  ...over,
});

const entries: AuditEntry[] = [
  entry({ id: '5', action: 'user_blocked', targetType: 'user', targetLabel: 'ნიკა_10' }),
  entry({
    id: '4',
    action: 'post_deleted',
    targetType: 'post',
    targetId: '6903286a-1111-4000-8000-000000000000',
    targetLabel: 'Derby day at Boris Paichadze',
  }),
  entry({
    id: '3',
    action: 'team_updated',
    targetType: 'team',
    targetId: '12',
    targetLabel: 'Dinamo Tbilisi',
    targetLabelKa: 'დინამო თბილისი',
  }),
  entry({ id: '2', action: 'user_unblocked', targetType: 'user', targetLabel: null }),
  entry({ id: '1', action: 'report_resolved', targetType: 'comment', targetLabel: 'A rude remark' }),
];

const show = (language: 'en' | 'ka') => {
  server.use(answer('listAudit', { entries, nextCursor: null }));
  return renderWithProviders(<AuditLog />, { language });
};

describe('the audit log', () => {
  it('names targets by nickname, first line and name, never by an id fragment', async () => {
    await show('en');
    const targets = (await screen.findAllByTestId('audit-target')).map((el) => el.textContent);
    expect(targets).toEqual([
      'ნიკა_10',
      '“Derby day at Boris Paichadze”',
      'Dinamo Tbilisi',
      'a deleted account',
      '“A rude remark”',
    ]);
    expect(screen.getByText('edited a team')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/6903286a/);
  });

  it('has no English words in Georgian: actions, types and club names are Georgian', async () => {
    await show('ka');
    const targets = (await screen.findAllByTestId('audit-target')).map((el) => el.textContent);
    expect(targets).toContain('დინამო თბილისი');
    expect(targets).toContain('წაშლილი ანგარიში');
    expect(screen.getByText('შეცვალა გუნდი')).toBeTruthy();
    // Everything but what people wrote (the post's and comment's words) is in Georgian script.
    const list = screen.getByRole('list');
    const chrome = (list.textContent ?? '')
      .replace('Derby day at Boris Paichadze', '')
      .replace('A rude remark', '')
      .replace(/moderator_nino/g, '');
    expect(chrome).not.toMatch(/[A-Za-z]{2,}/);
  });
});
