/**
 * SPEC 7: "A generic POST to a caller-given path with a payload downloads the result as a file named by the
 * caller. The type is pdf, xlsx or xls, taken from the file extension." The call goes through the one API
 * client (token, product headers, SPEC 4 error rules); the browser then saves the answer under the name.
 */
import { apiRequest } from './api';

export const DOWNLOAD_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
} as const;
export type DownloadType = keyof typeof DOWNLOAD_TYPES;

/** 'tag-C-00042.pdf' -> 'pdf'. A name without one of the three extensions is a programming error. */
export function downloadTypeOf(fileName: string): DownloadType {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (extension in DOWNLOAD_TYPES) return extension as DownloadType;
  throw new Error(`A download is a .pdf, .xlsx or .xls file; "${fileName}" is none of them`);
}

/** Hands a blob to the browser's save: a temporary link with the file name, clicked once. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the address goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** POST `payload` to `path` and save the answer as `fileName` (its type from the extension). */
export async function downloadFile(
  path: string,
  payload: unknown,
  fileName: string,
  options: { token?: string } = {},
): Promise<void> {
  const type = downloadTypeOf(fileName);
  const blob = await apiRequest<Blob>(path, {
    method: 'POST',
    body: payload ?? {},
    responseType: 'blob',
    ...(options.token ? { token: options.token } : {}),
  });
  saveBlob(new Blob([blob], { type: DOWNLOAD_TYPES[type] }), fileName);
}
