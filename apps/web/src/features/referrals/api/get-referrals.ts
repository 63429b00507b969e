import type { ReferralListResponse } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { referralKeys } from './referral-keys';

const listReferrals = endpoint('listReferrals', 'GET', '/api/goal/referrals');

export function getReferrals(): Promise<ReferralListResponse> {
  return call(listReferrals, {});
}

export const referralsQuery = () =>
  queryOptions({ queryKey: referralKeys.list(), queryFn: getReferrals, staleTime: STALE.short });

/** The signed-in fan's referrals with their totals; refetched on every visit so that rewards show up. */
export function useReferrals() {
  return useQuery({ ...referralsQuery(), refetchOnMount: 'always' });
}
