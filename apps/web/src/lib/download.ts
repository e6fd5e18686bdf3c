/**
 * Files the app downloads (documents, templates): a file answer of `call` is handed to the browser's save
 * under a name the caller chooses. A document's type is pdf, xlsx or xls, taken from the name's extension.
 */

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

/** Saves a downloaded document as `fileName`, typed by the name's extension. */
export function saveDownload(file: Blob, fileName: string): void {
  saveBlob(new Blob([file], { type: DOWNLOAD_TYPES[downloadTypeOf(fileName)] }), fileName);
}
