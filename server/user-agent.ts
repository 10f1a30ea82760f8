import type { IncomingHttpHeaders } from 'node:http';

/** The caller's browser as it names itself, kept short: recorded with a consent to sign electronically. */
export function userAgentOf(headers: IncomingHttpHeaders): string {
  const ua = headers['user-agent'];
  // eslint-disable-next-line no-control-regex
  return (Array.isArray(ua) ? ua[0] : ua)?.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500) ?? '';
}
