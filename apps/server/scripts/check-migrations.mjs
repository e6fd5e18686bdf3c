#!/usr/bin/env node
// Fails when src/db/schema.ts and the committed migrations disagree: drizzle-kit generates into a scratch
// copy of the migrations folder, and any new file there means a migration is missing.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'hosewright-migrations-'));
cpSync(path.join(serverDir, 'drizzle'), scratch, { recursive: true });
const config = path.join(scratch, 'drizzle.check.config.mjs');
writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: './src/db/schema.ts', out: ${JSON.stringify(path.relative(serverDir, scratch))} };`,
);
const before = readdirSync(scratch).length;
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'check'], {
  cwd: serverDir,
  encoding: 'utf8',
});
const after = readdirSync(scratch).length;
if (process.env.DEBUG_CHECK) console.log(result.stdout, result.stderr, readdirSync(scratch));
rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (after !== before) {
  console.error(
    'The schema has changes that no migration covers. Run `npm run db:generate -w @hosewright/server` and commit the result.',
  );
  process.exit(1);
}
console.log('Migrations match the schema.');
