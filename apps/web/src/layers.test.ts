/**
 * The web app's layers (ADR 0009), checked over the import graph of every file under `src/`:
 * - a feature (`features/<name>/`) never imports another feature; what features share lives in `api/`,
 *   `components/` or `lib/`;
 * - shared components (`components/`) never import a feature or the app;
 * - the resource layer (`api/`) and the plumbing (`lib/`) never import a feature, a shared component or the
 *   app;
 * - nothing imports the app (`app/`, which composes the features) but `main.tsx`; tests of app files may, and
 *   so may the test harness in `test/`, which renders the whole app.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, resolve } from './test/import-graph';

const SOURCES = import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('test/');
const featureOf = (file: string) => (file.startsWith('features/') ? file.split('/')[1] : undefined);
const areaOf = (file: string) => file.split('/')[0] ?? '';

/** What is wrong with `file` importing `target` (both relative to `src/`), or null. */
export function ruleBroken(file: string, target: string): string | null {
  const from = areaOf(file);
  const to = areaOf(target);
  if (from === 'features' && to === 'features' && featureOf(file) !== featureOf(target)) {
    return 'a feature imports another feature';
  }
  if (from === 'components' && (to === 'features' || to === 'app')) {
    return `a shared component imports ${to}/`;
  }
  if ((from === 'api' || from === 'lib') && (to === 'features' || to === 'components' || to === 'app')) {
    return `${from}/ imports ${to}/`;
  }
  if (to === 'app' && from !== 'app' && file !== 'main.tsx' && !isTest(file)) {
    return 'only main.tsx imports app/';
  }
  return null;
}

/** Every import in `sources` that breaks a rule, as `file -> target: why`. */
export function layerViolations(sources: Record<string, string>): string[] {
  const violations: string[] = [];
  for (const [key, source] of Object.entries(sources)) {
    const file = key.replace(/^\.\//, '');
    for (const specifier of new Set(importsOf(source))) {
      const target = resolve(file, specifier);
      const broken = target === null ? null : ruleBroken(file, target);
      if (broken) violations.push(`${file} -> ${specifier}: ${broken}`);
    }
  }
  return violations;
}

describe('layers of the web app', () => {
  it('reads every kind of import', () => {
    const source = [
      "import { a } from '@/features/x/a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      "} from './c';",
      "import '@/lib/side-effect';",
      "export { d } from '@/api/d';",
      "const e = () => import('./e');",
      "// import { f } from '@/features/f';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      '@/features/x/a',
      '../b',
      './c',
      '@/api/d',
      '@/lib/side-effect',
      './e',
    ]);
    expect(resolve('features/kits/pages/list-page.tsx', '../../assemblies/lib/x')).toBe(
      'features/assemblies/lib/x',
    );
  });

  it('finds the files', () => {
    expect(Object.keys(SOURCES)).toContain('./main.tsx');
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
  });

  it('keeps every rule', () => {
    expect(layerViolations(SOURCES)).toEqual([]);
  });
});
