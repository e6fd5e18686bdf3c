import type { ImportPreview } from '@hosewright/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ORG_API } from './paths';

export type { ImportField, ImportPreview } from '@hosewright/domain';

/** What an upload imports: an import target the server knows ('hose', 'customer', 'hoseAssembly', ...). */
export type ImportKind = string;

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
