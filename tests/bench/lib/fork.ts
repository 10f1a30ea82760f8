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

/**
 * runInProcess for a process that answers and then keeps going (a load generator holding its
 * sockets open): answer is its first reply, close() tells it to finish and waits for it to exit.
 */
export function startInProcess<I, O>(
  file: string,
  input: I,
  timeoutMs: number,
): { answer: Promise<O>; close(): Promise<void> } {
  const child = fork(path.join(ROOT, 'tests', 'bench', file), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answer = new Promise<O>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (m: { ok: boolean; answer?: O; error?: string }) => {
      clearTimeout(timer);
      if (m.ok) resolve(m.answer!);
      else reject(new Error(m.error));
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${file} exited without an answer`));
    });
  });
  child.send(input as object);
  return {
    answer,
    close: async () => {
      if (child.connected) child.send('close');
      await exited;
    },
  };
}
