import type { ImportSummary, ListResponse } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { toQueryString } from '@/lib/query-string';
import { importKeys, ORG_API } from './paths';

export type ImportLogSummary = ImportSummary;

function emptyPage(): ListResponse<ImportLogSummary> {
  return { items: [], total: 0, page: 1 };
}

/**
 * `GET imports[?kinds=]` (listImports): recent import logs (of these kinds), newest first. Like every
 * organisation list, a failure shows as an empty page rather than an error; only a cancelled request still
 * throws, so a stale answer is not cached.
 */
export async function getImports(
  kinds?: readonly string[],
  signal?: AbortSignal,
): Promise<ListResponse<ImportLogSummary>> {
  const search = toQueryString({ itemsPerPage: '10', ...(kinds?.length ? { kinds: kinds.join(',') } : {}) });
  try {
    const data = await api.get<unknown>(`${ORG_API}/imports?${search}`, undefined, {
      ...(signal ? { signal } : {}),
    });
    if (Array.isArray(data)) {
      return { items: data as ImportLogSummary[], total: data.length, page: 1 };
    }
    if (typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items)) {
      const page = data as { items: ImportLogSummary[]; total?: unknown; page?: unknown };
      return {
        items: page.items,
        total: typeof page.total === 'number' ? page.total : page.items.length,
        page: typeof page.page === 'number' && page.page >= 1 ? page.page : 1,
      };
    }
    return emptyPage();
  } catch (error) {
    if (signal?.aborted) throw error;
    return emptyPage();
  }
}

export const getImportsQueryOptions = (kinds?: readonly string[]) =>
  queryOptions({
    queryKey: importKeys.list(kinds?.join(',') ?? ''),
    queryFn: ({ signal }) => getImports(kinds, signal),
  });

export function useImports(kinds?: readonly string[]) {
  return useQuery(getImportsQueryOptions(kinds));
}
