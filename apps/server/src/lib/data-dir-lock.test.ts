import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('data directory lock', () => {
  it('refuses a second owner while the first lives, and frees the directory on unlock', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hw-lock-'));
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'hosewright.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already using the data directory/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left behind by a process that is gone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hw-lock-'));
    writeFileSync(path.join(dir, 'hosewright.lock'), '999999');
    const unlock = lockDataDir(dir);
    unlock();
    lockDataDir(dir)();
  });
});
