import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

/** Whether the GEN sample catalogue is loaded in this organisation, and how many items it holds. */
export interface SampleDataState {
  loaded: boolean;
  count: number;
}

/** `GET sampledata`. */
export const getSampleDataQueryOptions = () =>
  queryOptions({
    queryKey: componentKeys.sampleData(),
    queryFn: ({ signal }) => api.get<SampleDataState>(`${ORG_API}/sampledata`, undefined, { signal }),
  });

export function useSampleData() {
  return useQuery(getSampleDataQueryOptions());
}
