import type { PendingItem, PendingStatus } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from './get-list';
import { componentKeys } from './paths';

/**
 * `GET pendingitems?status=`: proposals for new items, every status when none is given; a member sees only
 * their own (a list GET: an empty list when it fails).
 */
export const getPendingItemsQueryOptions = (status?: PendingStatus) =>
  queryOptions({
    queryKey: componentKeys.pending(status ?? 'all'),
    queryFn: ({ signal }) => getList<PendingItem>('pendingitems', { status }, signal),
  });

export function usePendingItems(status?: PendingStatus, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getPendingItemsQueryOptions(status), enabled: options.isEnabled ?? true });
}
