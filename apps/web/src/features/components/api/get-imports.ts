import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportLog } from './get-import';
import { getList } from './get-list';
import { componentKeys } from './paths';

export type ImportLogSummary = Omit<ImportLog, 'errors'> & { errorCount: number };

/** `GET imports[?kinds=]`: recent import logs (of these kinds), newest first (a list GET: empty when it fails). */
export const getImportsQueryOptions = (kinds?: readonly string[]) =>
  queryOptions({
    queryKey: [...componentKeys.imports(), kinds?.join(',') ?? ''],
    queryFn: ({ signal }) =>
      getList<ImportLogSummary>(
        'imports',
        { itemsPerPage: '10', ...(kinds?.length ? { kinds: kinds.join(',') } : {}) },
        signal,
      ),
  });

export function useImports(kinds?: readonly string[]) {
  return useQuery(getImportsQueryOptions(kinds));
}
