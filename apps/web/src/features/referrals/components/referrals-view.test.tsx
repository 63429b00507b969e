import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n';
import { answer, renderWithProviders, server } from '../../../testing';
import { ReferralsView } from './referrals-view';

const show = (leftCount: number, language: 'en' | 'ka' = 'en') => {
  server.use(
    answer('listReferrals', { totalInvited: 0, earned: 35 * leftCount, leftCount, balance: 35, referrals: [] }),
  );
  return renderWithProviders(<ReferralsView invite={null} />, { language });
};

describe('referral earnings after an invited fan left', () => {
  // The route fetches these strings with the screen (app/router.tsx).
  beforeAll(() => loadNamespaces('referrals'));

  it('explains why Invited is 0 while Earned is 35', async () => {
    await show(1);
    expect(
      await screen.findByText('1 invited fan has since left Burti. The $GOAL you earned for them stays yours.'),
    ).toBeTruthy();
  });

  it('counts several, and says it in Georgian', async () => {
    await show(2, 'ka');
    expect(
      await screen.findByText('2 მოწვეულმა გულშემატკივარმა Burti დატოვა. მათთვის მიღებული $GOAL შენთან რჩება.'),
    ).toBeTruthy();
  });

  it('says nothing when nobody left', async () => {
    await show(0);
    expect(await screen.findByText('No referrals yet')).toBeTruthy();
    expect(screen.queryByTestId('referrals-left')).toBeNull();
  });
});
