/** Every import target by name: the six component kinds, customers, customer items and hose assemblies. */
import { kindFromSlug } from '@hosewright/domain';
import { ASSEMBLY_TARGETS } from './assembly-targets.ts';
import { COMPONENT_TARGETS } from './component-targets.ts';
import { CUSTOMER_TARGETS } from './customer-targets.ts';
import type { ImportTarget } from './targets.ts';

export const IMPORT_TARGETS: readonly ImportTarget[] = [
  ...COMPONENT_TARGETS,
  ...CUSTOMER_TARGETS,
  ...ASSEMBLY_TARGETS,
];
const BY_NAME = new Map(IMPORT_TARGETS.map((t) => [t.name, t]));
/** Other spellings an upload may use for a target. */
const ALIASES: Record<string, string> = {
  customers: 'customer',
  customeritem: 'customerItem',
  customeritems: 'customerItem',
  hoseassembly: 'hoseAssembly',
  hoseassemblies: 'hoseAssembly',
  assemblies: 'hoseAssembly',
};

export function isImportTargetName(value: unknown): value is string {
  return typeof value === 'string' && BY_NAME.has(value);
}

/** The target a stored import log names; throws for a name no target has (a log from a newer version). */
export function importTarget(name: string): ImportTarget {
  const target = BY_NAME.get(name);
  if (!target) throw new Error(`unknown import target ${name}`);
  return target;
}

/** The target an upload's `kind` names: a target name, a component kind's slug, or an alias. */
export function findImportTarget(text: string): ImportTarget | undefined {
  return (
    BY_NAME.get(text) ??
    BY_NAME.get(kindFromSlug(text) ?? '') ??
    BY_NAME.get(ALIASES[text.toLowerCase()] ?? '')
  );
}
