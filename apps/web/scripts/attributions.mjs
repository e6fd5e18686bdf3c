#!/usr/bin/env node
/**
 * Writes `<outDir>/attributions.json` (default apps/web/dist): every third-party package Hosewright ships,
 * the runtime dependencies of the web app, the server and the domain package with all of theirs, read from
 * the installed packages at build time. The /attributions page shows it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');
const outDir = path.resolve(webDir, process.argv[2] ?? 'dist');
const WORKSPACES = ['apps/web', 'apps/server', 'packages/domain'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The folder of `name` as Node would resolve it from `fromDir`, walking up node_modules folders. */
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return path.dirname(candidate);
    if (dir === path.dirname(dir) || dir === path.dirname(repoRoot)) return null;
  }
}

function licenceOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return 'See the package';
}

function repositoryOf(pkg) {
  const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (!repo) return pkg.homepage ?? '';
  return repo
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^ssh:\/\/git@/, 'https://')
    .replace(/\.git$/, '')
    .replace(/^github:/, 'https://github.com/');
}

const found = new Map();
const queue = [];
for (const workspace of WORKSPACES) {
  const dir = path.join(repoRoot, workspace);
  const pkg = readJson(path.join(dir, 'package.json'));
  for (const name of Object.keys(pkg.dependencies ?? {})) queue.push([name, dir]);
}
while (queue.length > 0) {
  const [name, fromDir] = queue.shift();
  if (name.startsWith('@hosewright/')) continue;
  const dir = resolvePackage(name, fromDir);
  if (!dir) continue;
  const pkg = readJson(path.join(dir, 'package.json'));
  const key = `${pkg.name}@${pkg.version}`;
  if (found.has(key)) continue;
  found.set(key, {
    name: pkg.name,
    version: pkg.version,
    license: licenceOf(pkg),
    repository: repositoryOf(pkg),
  });
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) queue.push([dep, dir]);
}

const packages = [...found.values()].sort(
  (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
);
writeFileSync(path.join(outDir, 'attributions.json'), `${JSON.stringify({ packages })}\n`);
console.log(
  `attributions: ${packages.length} packages -> ${path.relative(repoRoot, path.join(outDir, 'attributions.json'))}`,
);
