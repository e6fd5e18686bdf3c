import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ORG_API } from './paths';

export interface ImportField {
  name: string;
  required: boolean;
}

/** What an upload imports: an import target the server knows ('hose', 'customer', 'hoseAssembly', ...). */
export type ImportKind = string;

/** What the server read from an uploaded file, before anything is written. */
export interface ImportPreview {
  importId: string;
  fileName: string;
  kind: ImportKind;
  columns: string[];
  /** File column -> the field it fills, or null when it is ignored. The server's suggestion. */
  mapping: Record<string, string | null>;
  fields: ImportField[];
  sampleRows: Record<string, unknown>[];
  rowsTotal: number;
}

/** `POST imports` (admin, multipart `kind` + `file`): uploads a file and answers its preview. */
export function uploadImport({ kind, file }: { kind: ImportKind; file: File }) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return api.post<ImportPreview>(`${ORG_API}/imports`, form);
}

export function useUploadImport() {
  return useMutation({ mutationFn: uploadImport });
}
