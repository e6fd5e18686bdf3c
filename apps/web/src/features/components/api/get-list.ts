import type { ListResponse } from '@hosewright/domain';
import { api } from '@/lib/api';
import { toQueryString } from '@/lib/query-string';
import { ORG_API } from './paths';

export function emptyPage<T>(): ListResponse<T> {
  return { items: [], total: 0, page: 1 };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * SPEC 7 "Organisation list GETs": `{ items, total, page }`. When there are no items or the call fails, the
 * helper answers an empty page 1 (SPEC 8: "List helper failure: swallowed, empty result"). A plain array is
 * read as one page of everything. Only a cancelled request still throws, so a stale answer is not cached.
 */
export async function getList<T>(
  path: string,
  query: Record<string, string | undefined> | URLSearchParams = {},
  signal?: AbortSignal,
): Promise<ListResponse<T>> {
  const search = toQueryString(query);
  try {
    const data = await api.get<unknown>(`${ORG_API}/${path}${search ? `?${search}` : ''}`, undefined, {
      ...(signal ? { signal } : {}),
    });
    if (Array.isArray(data)) return { items: data as T[], total: data.length, page: 1 };
    if (isRecord(data) && Array.isArray(data.items)) {
      const total = typeof data.total === 'number' ? data.total : data.items.length;
      const page = typeof data.page === 'number' && data.page >= 1 ? data.page : 1;
      return { items: data.items as T[], total, page };
    }
    return emptyPage();
  } catch (error) {
    if (signal?.aborted) throw error;
    return emptyPage();
  }
}
