import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir } from '@server/db/pglite-lock.js';

const dirs: string[] = [];
function dataDir(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-claim-'));
  dirs.push(root);
  return path.join(root, 'pglite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('claimDataDir', () => {
  it('writes the process id beside the directory and removes it on release', () => {
    const dir = dataDir();
    const release = claimDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} [0-9a-f]{16}$`));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a directory a running process holds, and says what to do', () => {
    const dir = dataDir();
    const release = claimDataDir(dir);
    try {
      expect(() => claimDataDir(dir)).toThrow(
        new RegExp(`open in another process \\(pid ${process.pid}\\).*set DATABASE_URL.*delete ${dir}\\.lock`),
      );
    } finally {
      release();
    }
    claimDataDir(dir)();
  });

  it('takes over a claim left by a process that has ended', () => {
    const dir = dataDir();
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(`${dir}.lock`, `${ended} 0123456789abcdef`);
    const release = claimDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });

  it("takes over a claim under this process's id that it does not hold (a restarted container's previous run)", () => {
    const dir = dataDir();
    fs.writeFileSync(`${dir}.lock`, `${process.pid} 0123456789abcdef`);
    const release = claimDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).not.toBe(`${process.pid} 0123456789abcdef`);
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it("leaves alone a claim that is no longer this process's", () => {
    const dir = dataDir();
    const release = claimDataDir(dir);
    fs.writeFileSync(`${dir}.lock`, '1');
    release();
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe('1');
  });
});
