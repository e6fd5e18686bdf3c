/** Reading the web app's import graph from its sources (the layer rules, the text every page has). */

/**
 * Every module a file names: `import ... from`, `import type`, `export ... from`, bare and dynamic imports.
 * Statements start a line (so commented-out ones do not count) and end with a semicolon, as Biome writes them.
 */
export function importsOf(source: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\s[^;=(]*?\sfrom\s*['"]([^'"\n]+)['"];?\s*$/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** `./x` from `features/a/b.ts` or `@/lib/x` -> `features/a/x` or `lib/x`; packages -> null. */
export function resolve(from: string, specifier: string): string | null {
  let parts: string[];
  if (specifier.startsWith('@/')) parts = specifier.slice(2).split('/');
  else if (specifier.startsWith('.')) parts = [...from.split('/').slice(0, -1), ...specifier.split('/')];
  else return null;
  const path: string[] = [];
  for (const part of parts) {
    if (part === '..') path.pop();
    else if (part !== '.' && part !== '') path.push(part);
  }
  return path.join('/');
}
