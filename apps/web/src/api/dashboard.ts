/** The dashboard (`getDashboard`): the organisation, its plan and how much of it is used. */
import { getDashboard } from '@hosewright/domain';
import { queryOptions } from '@tanstack/react-query';
import { browserTimeZone } from '@/lib/api';
import { call } from './call';
import { ROOT_KEYS } from './keys';

export const dashboardKeys = { all: ROOT_KEYS.dashboard };

export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    // The week is counted in the reader's days (the browser's time zone), as the work order list's "late".
    queryFn: ({ signal }) =>
      call(getDashboard, { query: { timeZone: browserTimeZone() ?? 'UTC' } }, { signal }),
  });
