/** The dashboard (`getDashboard`): the organisation, its plan and how much of it is used. */
import { getDashboard } from '@hosewright/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from './call';
import { ROOT_KEYS } from './keys';

export const dashboardKeys = { all: ROOT_KEYS.dashboard };

export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => call(getDashboard, undefined, { signal }),
  });
