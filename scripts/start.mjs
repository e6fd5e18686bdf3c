#!/usr/bin/env node
// `npm start`: build the web app when it has not been built, then run the server (migrations and demo
// data happen at server start). Everything else is configuration: see README.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = `${root}apps/web/dist/index.html`;

if (!existsSync(webIndex) || process.env.HOSEWRIGHT_REBUILD === 'true') {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hosewright/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(
    `${root}apps/web/dist/version.json`,
    JSON.stringify({ version: Math.floor(Date.now() / 1000) }),
  );
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
