import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';

/** The caller's browser as it names itself, kept short: recorded with a consent and with every event. */
export function userAgentOf(headers: IncomingHttpHeaders): string {
  const ua = headers['user-agent'];
  // eslint-disable-next-line no-control-regex
  return (Array.isArray(ua) ? ua[0] : ua)?.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500) ?? '';
}

const origin = new AsyncLocalStorage<{ userAgent: string }>();

/**
 * Runs a request's work with its browser known, so that every event it records carries the user agent
 * beside the IP without each command passing it on. Both doors wrap their handlers in it.
 */
export function withUserAgent<T>(userAgent: string, fn: () => T): T {
  return origin.run({ userAgent }, fn);
}

/** The user agent of the request being served; empty outside one (a worker, a script). */
export function currentUserAgent(): string {
  return origin.getStore()?.userAgent ?? '';
}
