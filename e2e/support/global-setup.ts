/** Once per run: start e2e/.artifacts empty, so every screenshot in it belongs to this run. */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  rmSync(fileURLToPath(new URL('../.artifacts', import.meta.url)), { recursive: true, force: true });
}
