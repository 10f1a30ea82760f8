import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The claims this process holds. A claim under this process's id that is not among them was left by
 * an earlier run that had the same id (a restarted container).
 */
const held = new Set<string>();

/**
 * Claims an embedded (PGlite) database directory for this process. PGlite is one process's database: a
 * second process opening the same files (the demo seed while the server runs) does not fail but leaves
 * both spinning on each other's changes. The claim is a lock file beside the directory holding the
 * process id and a token; a claim left by a process that has ended is taken over. Answers the release.
 */
export function claimDataDir(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  const claim = `${process.pid} ${crypto.randomBytes(8).toString('hex')}`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(file, claim, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const found = readOr(file, '');
    const holder = Number.parseInt(found, 10);
    const inUse = holder === process.pid ? held.has(found) : Number.isInteger(holder) && isRunning(holder);
    if (inUse)
      throw new Error(
        `The embedded database in ${path.resolve(dir)} is open in another process (pid ${holder}), such as a ` +
          'running server. Stop that process first, or set DATABASE_URL to a PostgreSQL database, which ' +
          `several processes can share. If no such process is running, delete ${file}.`,
      );
    fs.rmSync(file, { force: true });
  }
  held.add(claim);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(claim);
    process.off('exit', release);
    if (readOr(file, '') === claim) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return fallback;
  }
}

/** Whether a process with this id runs (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
