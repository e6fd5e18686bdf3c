/**
 * The import targets of one app: `app.ts` makes them from every module manifest's `importTargets` and hands
 * them to the imports module, which looks targets up only through them (ADR 7).
 */
import type { ImportTarget, ImportTargets } from './targets.ts';

/** Looks up `targets` by name and by alias; throws when two targets share a name or a spelling. */
export function createImportTargets(targets: readonly ImportTarget[]): ImportTargets {
  const all = Object.freeze([...targets]);
  const byName = new Map<string, ImportTarget>();
  for (const target of all) {
    if (byName.has(target.name)) throw new Error(`two import targets are named ${target.name}`);
    byName.set(target.name, target);
  }
  const bySpelling = new Map<string, ImportTarget>();
  for (const target of all) {
    for (const alias of target.aliases ?? []) {
      const spelling = alias.toLowerCase();
      const other = bySpelling.get(spelling) ?? byName.get(alias);
      if (other && other !== target) {
        throw new Error(`import targets ${other.name} and ${target.name} both answer to ${alias}`);
      }
      bySpelling.set(spelling, target);
    }
  }
  return {
    all,
    get(name) {
      const target = byName.get(name);
      if (!target) throw new Error(`unknown import target ${name}`);
      return target;
    },
    find: (text) => byName.get(text) ?? bySpelling.get(text.toLowerCase()),
    has: (name): name is string => typeof name === 'string' && byName.has(name),
  };
}
