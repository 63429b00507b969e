import type { Me } from '@burti/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call, endpoint } from '../../../lib/api';
import { STALE } from '../../../lib/query-client';
import { sharedKeys } from '../../../lib/query-keys';

const getMeCall = endpoint('getMe', 'GET', '/api/me');

export const meKeys = { all: sharedKeys.me };

/** The signed-in fan, or null when nobody is signed in. */
export async function getMe(): Promise<Me | null> {
  try {
    return (await call(getMeCall, {})).me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = () => queryOptions({ queryKey: meKeys.all, queryFn: getMe, staleTime: STALE.normal });

export function useMe() {
  return useQuery(meQuery());
}
