import { dashboardSchema } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** `GET /api/v1/dashboard`: organisation, subscription and counts. */
export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get('/api/v1/dashboard', dashboardSchema, { signal }),
  });

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
