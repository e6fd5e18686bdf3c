/**
 * The domain is plain TypeScript over zod (ADR 0009): the server, the web app and the generated suites all
 * import it, so it imports no framework, no Node module and no other package. Every source file imports
 * only `zod` and files of this folder; a test may also import `vitest`. This test reads the folder with
 * `node:fs` and the statements with the web app's reader (`importsOf`), and the demo catalogue test reads
 * the server's catalogue file, which it checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../../apps/web/src/test/import-graph.ts';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The imports no rule could allow, named by the file that may make them. */
const EXCEPTIONS: Readonly<Record<string, readonly string[]>> = {
  'layers.test.ts': ['node:fs', 'node:path', 'node:url', '../../../apps/web/src/test/import-graph.ts'],
  'components/compatibility.test.ts': [
    '../../../../apps/server/src/modules/components/sample-catalogue.json',
  ],
};

/** What is wrong with `file` (relative to `src/`) importing `specifier`, or null. */
export function ruleBroken(file: string, specifier: string): string | null {
  if (EXCEPTIONS[file]?.includes(specifier)) return null;
  if (specifier === 'zod') return null;
  if (specifier === 'vitest' && file.endsWith('.test.ts')) return null;
  if (specifier.startsWith('.')) {
    const target = relative(SRC, resolve(SRC, dirname(file), specifier));
    return target.startsWith('..') ? 'a file outside the domain' : null;
  }
  return 'a package other than zod';
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.m?ts$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

describe('the domain imports only zod', () => {
  it('tells the allowed imports from the others', () => {
    expect(ruleBroken('kits/kits.ts', 'zod')).toBeNull();
    expect(ruleBroken('kits/kits.ts', '../api/endpoint.ts')).toBeNull();
    expect(ruleBroken('kits/kits.test.ts', 'vitest')).toBeNull();
    expect(ruleBroken('kits/kits.ts', 'vitest')).not.toBeNull();
    expect(ruleBroken('kits/kits.ts', 'react')).not.toBeNull();
    expect(ruleBroken('kits/kits.ts', 'node:fs')).not.toBeNull();
    expect(ruleBroken('kits/kits.ts', '../../../../apps/server/src/app.ts')).not.toBeNull();
    expect(
      importsOf("import type { A } from './a.ts';\nexport * from '../b.ts';\nawait import('./c.ts');"),
    ).toEqual(['./a.ts', '../b.ts', './c.ts']);
  });

  it('holds for every file', () => {
    const files = sourceFiles(SRC);
    expect(files).toContain('index.ts');
    const violations = files.flatMap((file) =>
      importsOf(readFileSync(join(SRC, file), 'utf8')).flatMap((specifier) => {
        const broken = ruleBroken(file, specifier);
        return broken ? [`${file} -> ${specifier}: ${broken}`] : [];
      }),
    );
    expect(violations).toEqual([]);
  });
});
