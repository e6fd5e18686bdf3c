/** What the app needs before anyone signs in (`getPublicConfig`): where to sign in, and the version. */
import { getPublicConfig } from '@hosewright/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from './call';
import { ROOT_KEYS } from './keys';

export const systemKeys = {
  all: ROOT_KEYS.system,
  publicConfig: () => [...ROOT_KEYS.system, 'publicConfig'] as const,
};

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: systemKeys.publicConfig(),
    queryFn: ({ signal }) => call(getPublicConfig, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
