/** Scaffold: the work order's PDFs (pick list, traveller, test certificates, tags). */
import type { UnitSystem } from '@hosewright/domain';
import type { Tx } from '../../db/client.ts';
import type { PdfFile } from '../assemblies/documents.ts';

export async function pickListPdf(
  _tx: Tx,
  _organizationId: string,
  _id: string,
  _options: { units: UnitSystem },
): Promise<PdfFile> {
  throw new Error('not built yet');
}

export async function travellerPdf(
  _tx: Tx,
  _organizationId: string,
  _id: string,
  _options: { publicUrl: string; units: UnitSystem },
): Promise<PdfFile> {
  throw new Error('not built yet');
}

export async function certificatesPdf(
  _tx: Tx,
  _organizationId: string,
  _id: string,
  _options: { unitId?: string | undefined; units: UnitSystem },
): Promise<PdfFile> {
  throw new Error('not built yet');
}

export async function tagsPdf(
  _tx: Tx,
  _organizationId: string,
  _id: string,
  _options: { publicUrl: string; units: UnitSystem },
): Promise<PdfFile> {
  throw new Error('not built yet');
}
