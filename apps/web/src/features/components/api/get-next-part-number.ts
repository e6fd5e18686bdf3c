import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

export interface NextPartNumber {
  partNumber: string;
  pattern: string;
}

/** `GET nextpartnumber`: the next free custom part number in the organisation's pattern. */
export const getNextPartNumberQueryOptions = () =>
  queryOptions({
    queryKey: componentKeys.nextPartNumber(),
    queryFn: ({ signal }) => api.get<NextPartNumber>(`${ORG_API}/nextpartnumber`, undefined, { signal }),
    staleTime: 0,
  });

export function useNextPartNumber(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getNextPartNumberQueryOptions(), enabled: options.isEnabled ?? true });
}
