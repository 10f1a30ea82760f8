import { fork } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './server.js';

/** Runs a TypeScript file of tests/bench in a process of its own, sends it `input` and answers its reply. */
export function runInProcess<I, O>(file: string, input: I, timeoutMs: number): Promise<O> {
  const child = fork(path.join(ROOT, 'tests', 'bench', file), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<O>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (m: { ok: boolean; answer?: O; error?: string }) => {
      clearTimeout(timer);
      if (m.ok) resolve(m.answer!);
      else reject(new Error(m.error));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited (${code}) without an answer`));
    });
    child.send(input as object);
  });
}
