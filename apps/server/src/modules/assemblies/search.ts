/**
 * Hose assemblies in the global search: by part number and description (title partNumber, subtitle
 * description, latest revisions only), and by the serial printed on a built unit's tag (the revision it was
 * built of, its subtitle naming the serial).
 */
import { serialSearchText } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { substringProvider } from '../search/registry.ts';

interface Row {
  id: string;
  part_number: string;
  revision: string;
  description: string;
}

const assemblyResult = (r: Row, description = r.description) => ({
  url: `hoseassembly/${r.id}`,
  objectType: 'hoseAssembly' as const,
  name: r.part_number,
  partNumber: r.part_number,
  revision: r.revision,
  description,
});

export const assemblySearch = substringProvider<Row>({
  name: 'hoseAssemblies',
  substring: ({ organizationId, text }) => ({
    columns: sql`id, part_number, revision, description`,
    from: sql`hose_assemblies`,
    where: sql`organization_id = ${organizationId} and latest`,
    keys: [sql`part_number`],
    others: [sql`description`],
    orderBy: sql`part_number`,
    text,
  }),
  result: (r) => assemblyResult(r),
});

/** A serial read as a person types it (`serialSearchText`): the whole serial ranks first, then its start. */
export const assemblySerialSearch = substringProvider<Row & { serial_id: string }>({
  name: 'hoseAssemblySerials',
  substring: ({ organizationId, text }) => {
    const serial = serialSearchText(text);
    if (!serial) return undefined;
    return {
      columns: sql`a.id, a.part_number, a.revision, a.description, s.serial_id`,
      from: sql`hose_assembly_serials s join hose_assemblies a on a.id = s.hose_assembly_id`,
      where: sql`s.organization_id = ${organizationId} and a.organization_id = ${organizationId}
        and s.serial_id like ${`${serial}%`}`,
      keys: [sql`s.serial_id`],
      orderBy: sql`serial_id`,
      text: serial,
    };
  },
  result: (r) => assemblyResult(r, [`Serial ${r.serial_id}`, r.description].filter(Boolean).join(' · ')),
});
