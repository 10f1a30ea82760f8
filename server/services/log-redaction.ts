/**
 * Pages whose address carries a token (e-mailed links): the request log shows the page, never the
 * token, since anyone reading the logs could otherwise use the link.
 */
const TOKEN_PATHS =
  /^(\/(?:unsubscribe|user-activation|password-reset-confirm|member_invitation|signer_invitation))\/[^?#]*/;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATHS, '$1/[redacted]');
}
