/**
 * The dashboard, the public and sign-in pages and the shell around them draw before the other pages' text
 * (`enApp`) has loaded (lib/lazy-page.ts), so every key they name of those pages' groups must be in `en`.
 * Checked over the files they import: the app's entry and the `corePage`s of the route table, followed
 * through their static imports.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, resolve } from '@/test/import-graph';
import { en } from './resources/en';
import { enApp } from './resources/en-app';

const SOURCES = import.meta.glob<string>(['../../**/*.ts', '../../**/*.tsx', '!../../**/*.test.ts*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
/** Source text by path under `src/` without its extension. */
const byModule = new Map(
  Object.entries(SOURCES).map(([path, text]) => [
    path.replace(/^\.\.\/\.\.\//, '').replace(/\.tsx?$/, ''),
    text,
  ]),
);

/** `features/x` may name `features/x/index`. */
function moduleOf(path: string): string | undefined {
  if (byModule.has(path)) return path;
  return byModule.has(`${path}/index`) ? `${path}/index` : undefined;
}

/** The files `roots` import, statically, followed to the end. */
function reachable(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = roots.flatMap((root) => moduleOf(root) ?? []);
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const text = byModule.get(file) ?? '';
    // Dynamic imports are other chunks: a corePage's module is a root of its own, other pages are not core.
    const dynamic = new Set([...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]));
    for (const specifier of importsOf(text)) {
      if (dynamic.has(specifier)) continue;
      const target = resolve(`${file}.ts`, specifier);
      const found = target ? moduleOf(target) : undefined;
      if (found) queue.push(found);
    }
  }
  return seen;
}

const ROUTES_FILE = 'app/routes';
const corePages = [
  ...(byModule.get(ROUTES_FILE) ?? '').matchAll(/corePage\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g),
].flatMap((m) => {
  const target = resolve(`${ROUTES_FILE}.tsx`, m[1] ?? '');
  return target ? [target] : [];
});

function lookup(path: string[]): unknown {
  let node: unknown = en;
  for (const part of path) {
    if (typeof node !== 'object' || node === null || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Keys of the `enApp` groups a file names that `en` lacks: 'group.a.b', or 'group.a.${x}' as a prefix. */
export function keysMissingFromCore(text: string): string[] {
  const groups = Object.keys(enApp).join('|');
  const pattern = new RegExp(`['"\`]((?:${groups})(?:\\.[A-Za-z0-9_]+)+)(\\.\\$\\{|['"\`])`, 'g');
  return [...text.matchAll(pattern)].flatMap((match) => {
    const key = match[1] ?? '';
    const path = key.split('.');
    const isPrefix = match[2] === '.${';
    const found = isPrefix
      ? typeof lookup(path) === 'object'
      : ['', '_one', '_other'].some(
          (suffix) => typeof lookup([...path.slice(0, -1), `${path.at(-1)}${suffix}`]) === 'string',
        );
    return found ? [] : [isPrefix ? `${key}.\${…}` : key];
  });
}

describe('the text every page has (en)', () => {
  it('finds the core pages in the route table', () => {
    expect(corePages).toContain('features/dashboard/pages/dashboard-page');
    expect(corePages).toContain('features/marketing/pages/home-page');
  });

  it('holds every key the shell, the dashboard and the public pages name', () => {
    const files = reachable(['main', ...corePages]);
    // The shell and the dashboard's panels are among them.
    expect(files).toContain('app/shell/top-bar');
    expect(files).toContain('features/dashboard/components/work-orders-panel');
    expect(files).not.toContain('features/workorders/pages/work-order-list-page');
    const missing = [...files].flatMap((file) =>
      keysMissingFromCore(byModule.get(file) ?? '').map((key) => `${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('tells a key of the pages loaded later from one in en', () => {
    expect(keysMissingFromCore("t('workOrders.status.draft')")).toEqual([]);
    expect(keysMissingFromCore(`t(\`workOrders.status.\${status}\`)`)).toEqual([]);
    expect(keysMissingFromCore("t('workOrders.title')")).toEqual(['workOrders.title']);
    expect(keysMissingFromCore("t('customers.title')")).toEqual(['customers.title']);
    expect(keysMissingFromCore("t('inventory.picker.warehouse')")).toEqual([]);
  });
});
