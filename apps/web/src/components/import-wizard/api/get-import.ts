import type { ImportDetails, ImportStatus } from '@hosewright/domain';
import { type QueryKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { importKeys, ORG_API } from './paths';

export type { ImportStatus } from '@hosewright/domain';
/** An import log: its progress while it runs, and its outcome. */
export type ImportLog = ImportDetails;

export const IMPORT_POLL_MS = 500;
/** A log still at 'uploaded' was never started (or is about to be): look again now and then only. */
export const IMPORT_IDLE_POLL_MS = 2000;

export function isImportFinished(status: ImportStatus | undefined): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** `GET imports/{id}`; polled every 500 ms while queued or running, until it has succeeded or failed. */
export const getImportQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: importKeys.log(importId),
    queryFn: ({ signal }) =>
      api.get<ImportLog>(`${ORG_API}/imports/${encodeURIComponent(importId)}`, undefined, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (isImportFinished(status) || query.state.status === 'error') return false;
      return status === 'uploaded' ? IMPORT_IDLE_POLL_MS : IMPORT_POLL_MS;
    },
    staleTime: 0,
  });

/** `changes`: what a finished import changes besides the recent imports list (given by the page). */
export function useImportLog(importId: string, changes: QueryKey) {
  const queryClient = useQueryClient();
  const query = useQuery(getImportQueryOptions(importId));
  const isFinished = isImportFinished(query.data?.status);
  // A finished import changes what it imported and the recent imports list.
  const changesKey = JSON.stringify(changes);
  useEffect(() => {
    if (!isFinished) return;
    void queryClient.invalidateQueries({ queryKey: JSON.parse(changesKey) as QueryKey });
    void queryClient.invalidateQueries({ queryKey: importKeys.lists() });
  }, [isFinished, queryClient, changesKey]);
  return query;
}
