import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportLog } from './get-import';
import { getList } from './get-list';
import { componentKeys } from './paths';

export type ImportLogSummary = Omit<ImportLog, 'errors'> & { errorCount: number };

/** `GET imports`: recent import logs, newest first (a list GET: empty when it fails). */
export const getImportsQueryOptions = () =>
  queryOptions({
    queryKey: componentKeys.imports(),
    queryFn: ({ signal }) => getList<ImportLogSummary>('imports', { itemsPerPage: '10' }, signal),
  });

export function useImports() {
  return useQuery(getImportsQueryOptions());
}
