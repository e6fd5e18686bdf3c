// After `vite build`: a brotli (.br) and a gzip (.gz) copy of every text file in dist worth compressing, so
// the server sends them as they are (`preCompressed` in the server's SPA routes) instead of compressing each
// answer. Files that compress badly (under 1 KB, or not 10% smaller) keep no copy.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let before = 0;
let brotli = 0;
let count = 0;
for (const file of files(dist)) {
  const body = readFileSync(file);
  if (statSync(file).size < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length * 0.9) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length * 0.9) writeFileSync(`${file}.gz`, gz);
  before += body.length;
  brotli += Math.min(br.length, body.length);
  count += 1;
}
console.log(
  `Compressed ${count} files: ${(before / 1024).toFixed(0)} KB, ${(brotli / 1024).toFixed(0)} KB as brotli.`,
);
