import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export const STALE = {
  short: 15_000,
  normal: 60_000,
  static: 60 * 60_000,
} as const;

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Queries try the network even when the browser says it is offline (`offlineFirst`): a screen opened offline
 * then shows its error and Retry at once, instead of waiting, paused, behind skeletons until the connection
 * returns. Offline, a failed request is not retried (it would only wait); online, a server error is retried twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.short,
        networkMode: 'offlineFirst',
        retry: (count, error) =>
          !offline() && !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
