import type { QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';
import { meKeys } from '../../auth/api/get-me';

/** Counters shown beside posts (profile post counts, the club header's Posts) change with a new or removed post. */
export function invalidatePostCounters(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: meKeys.all });
  void queryClient.invalidateQueries({ queryKey: sharedKeys.clubDetails });
  void queryClient.invalidateQueries({ queryKey: sharedKeys.profiles });
}
