import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export const STALE = {
  short: 15_000,
  normal: 60_000,
  static: 60 * 60_000,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.short,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
