import type { QueryClient } from '@tanstack/react-query';
import { meKeys } from '../../auth/api/get-me';

/** Counters shown beside posts (profile post counts, the club header's Posts) change with a new or removed post. */
export function invalidatePostCounters(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: meKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['club'] });
  void queryClient.invalidateQueries({ queryKey: ['profile'] });
}
