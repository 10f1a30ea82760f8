/** Awaiting instead of sleeping: a promise with a deadline, and a condition polled until it holds. */

export function withTimeout<T>(promise: Promise<T>, ms = 5_000, what = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Resolves with the first value accept() takes; rejects after timeoutMs. For state with no event to await (database rows). */
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  accept: (v: T) => boolean = Boolean,
  timeoutMs = 5_000,
  stepMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms (last value ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Setup hooks make people through the real API (argon2 and all): generous on a busy machine. */
export const SETUP_MS = 180_000;
