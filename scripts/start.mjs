#!/usr/bin/env node
// `npm start`: build the web app when it has not been built, then run the server (migrations and demo
// data happen at server start). Everything else is configuration: see README.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = `${root}apps/web/dist/index.html`;

/** The newest modification time under a folder (the web app's sources and the domain it imports). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  }
  return latest;
}

const stale =
  !existsSync(webIndex) ||
  Math.max(newest(`${root}apps/web/src`), newest(`${root}packages/domain/src`)) > statSync(webIndex).mtimeMs;

if (stale) {
  console.log('Building the web app (its sources changed since the last build)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hosewright/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(
    `${root}apps/web/dist/version.json`,
    JSON.stringify({ version: Math.floor(Date.now() / 1000) }),
  );
}

// --expose-gc: long imports collect their garbage between batches (apps/server/src/lib/memory.ts).
const server = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
