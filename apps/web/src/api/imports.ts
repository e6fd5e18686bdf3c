/**
 * Spreadsheet imports (the contracts in the domain's `imports/imports.ts`): a target's template, the upload
 * (answered with a preview), the start, one import's log (polled while it runs) and the recent imports.
 */
import {
  getImport,
  getImportTemplate,
  type ImportStatus,
  type ImportTargetName,
  type ImportTemplateFormat,
  listImports,
  startImport,
  uploadImport,
} from '@hosewright/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveBlob } from '@/lib/download';
import { call, orEmptyPage } from './call';
import { invalidate, type Resource, ROOT_KEYS } from './keys';

const root = ROOT_KEYS.imports;
export const importKeys = {
  all: root,
  list: (kinds: readonly string[]) => [...root, 'list', kinds.join(',')] as const,
  log: (id: string) => [...root, 'log', id] as const,
};

export const IMPORT_POLL_MS = 500;
/** A log still at 'uploaded' was never started (or is about to be): look again now and then only. */
export const IMPORT_IDLE_POLL_MS = 2000;

export function isImportFinished(status: ImportStatus | undefined): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** The ten latest imports (of these targets), newest first; an organisation list, empty when it fails. */
export const importListQuery = (kinds: readonly string[] = []) =>
  queryOptions({
    queryKey: importKeys.list(kinds),
    queryFn: ({ signal }) =>
      orEmptyPage(
        call(listImports, { query: { itemsPerPage: 10, kinds: kinds.join(',') } }, { signal }),
        signal,
      ),
  });

/** One import: polled every `IMPORT_POLL_MS` while queued or running, until it has succeeded or failed. */
export const importQuery = (importId: string) =>
  queryOptions({
    queryKey: importKeys.log(importId),
    queryFn: ({ signal }) => call(getImport, { params: { importId } }, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (isImportFinished(status) || query.state.status === 'error') return false;
      return status === 'uploaded' ? IMPORT_IDLE_POLL_MS : IMPORT_POLL_MS;
    },
    staleTime: 0,
  });

/** An import's log; once it has finished, what it filled (`changes`) and the recent imports refresh. */
export function useImportLog(importId: string, changes: readonly Resource[]) {
  const client = useQueryClient();
  const query = useQuery(importQuery(importId));
  const isFinished = isImportFinished(query.data?.status);
  const changesKey = changes.join(',');
  useEffect(() => {
    if (!isFinished) return;
    void invalidate(client, [...(changesKey.split(',') as Resource[]), 'imports']);
  }, [isFinished, client, changesKey]);
  return query;
}

/** Uploads a file to import into `kind`; answers its columns, a suggested mapping and the first rows. */
export function useUploadImport() {
  return useMutation({
    mutationFn: ({ kind, file }: { kind: string; file: File }) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      return call(uploadImport, { body: form });
    },
  });
}

/** Starts an uploaded import with the confirmed mapping: it runs as a background job. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, mapping }: { importId: string; mapping: Record<string, string | null> }) =>
      call(startImport, { params: { importId }, body: { mapping } }),
    // Not awaited: the progress view must show at once, not after the recent-imports list reloads.
    onSuccess: () => {
      void invalidate(client, ['imports']);
    },
  });
}

/** The target's template (its columns and one example row), saved by the browser. */
export async function downloadImportTemplate(
  kind: ImportTargetName,
  format: ImportTemplateFormat,
): Promise<void> {
  const template = await call(getImportTemplate, { params: { kind }, query: { format } });
  saveBlob(template, `${kind}-import-template.${format}`);
}
