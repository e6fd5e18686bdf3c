import { api } from '@/lib/api';
import { ORG_API } from './paths';

export type TemplateFormat = 'csv' | 'xlsx';

/** `GET imports/template/{kind}?format=`: an empty file with the kind's columns, saved by the browser. */
export async function downloadImportTemplate(kind: string, format: TemplateFormat): Promise<void> {
  const blob = await api.get<Blob>(
    `${ORG_API}/imports/template/${encodeURIComponent(kind)}?format=${format}`,
    undefined,
    { responseType: 'blob' },
  );
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${kind}-import-template.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the address goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
