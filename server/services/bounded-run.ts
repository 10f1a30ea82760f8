import { spawn } from 'node:child_process';
import os from 'node:os';

/** A program that ran past its time: it and everything it started were killed. */
export class ProcessTimeoutError extends Error {
  constructor(
    readonly binary: string,
    readonly ms: number,
  ) {
    super(`${binary} ran longer than ${ms} ms and was stopped`);
  }
}

/** A program that ended with an error: its exit code (or signal) and what it wrote on stderr. */
export class ProcessFailedError extends Error {
  constructor(
    readonly binary: string,
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly stderr: string,
  ) {
    super(`${binary} failed (${signal ?? `exit ${code}`}): ${stderr.slice(0, 500)}`);
  }
}

export interface Bounds {
  timeoutMs: number;
  /** Address space allowed to the program and each process it starts (ulimit -v), in MB. */
  memoryMb: number;
  /** A lower scheduling priority (1 to 19), for work nobody waits on: the server keeps its cores first. */
  nice?: number;
}

const OUTPUT_LIMIT = 1024 * 1024;

/**
 * Runs a program with a deadline and a memory cap, for the tools that read uploaded files (LibreOffice,
 * poppler): a hostile file makes them slow or greedy, never the server. The program runs in a process
 * group of its own so that at the deadline the whole group is killed, helpers included (soffice is a
 * script that starts soffice.bin, which a plain kill of the script would leave running). A missing
 * program rejects with the spawn error (code ENOENT), as execFile does.
 */
export function runBounded(
  binary: string,
  args: string[],
  bounds: Bounds,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // `exec` keeps one process: the shell only sets the limit, then becomes the program.
    const script = 'ulimit -v "$1" && shift && exec "$@"';
    const child = spawn('/bin/sh', ['-c', script, 'bounded', String(bounds.memoryMb * 1024), binary, ...args], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (bounds.nice && child.pid)
      try {
        os.setPriority(child.pid, bounds.nice);
      } catch {
        // the process already ended
      }
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += chunk.toString();
    });
    let timedOut = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // the group is already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, bounds.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    let code: number | null = null;
    let signal: NodeJS.Signals | null = null;
    child.on('exit', (exitCode, exitSignal) => {
      code = exitCode;
      signal = exitSignal;
      clearTimeout(timer);
      // Helpers that outlive the program would hold its output open and keep working: they go with it.
      killGroup();
    });
    child.on('close', () => {
      if (timedOut) reject(new ProcessTimeoutError(binary, bounds.timeoutMs));
      // The shell answers 127 when it cannot find the program: the same as a failed spawn.
      else if (code === 127 && /not found|No such file/i.test(stderr))
        reject(Object.assign(new Error(`spawn ${binary} ENOENT`), { code: 'ENOENT', syscall: `spawn ${binary}` }));
      else if (code !== 0) reject(new ProcessFailedError(binary, code, signal, stderr));
      else resolve({ stdout, stderr });
    });
  });
}
