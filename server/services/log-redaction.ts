/**
 * Pages whose address carries a token (e-mailed links): the request log shows the page, never the
 * token, since anyone reading the logs could otherwise use the link.
 */
const TOKEN_PATHS =
  /^(\/(?:unsubscribe|user-activation|password-reset-confirm|member_invitation|signer_invitation))\/[^?#]*/;

/** Query parameters that carry a token (an invitation checked before it is used, say). */
const TOKEN_PARAMS = /([?&](?:token|key|uid)=)[^&#]*/gi;

/** tRPC queries of the auth router carry their input (a link's token) in the address. */
const AUTH_QUERY = /^(\/trpc\/auth\.[^?#]*)\?.*/;

export function redactUrl(url: string): string {
  return url
    .replace(TOKEN_PATHS, '$1/[redacted]')
    .replace(AUTH_QUERY, '$1?[redacted]')
    .replace(TOKEN_PARAMS, '$1[redacted]');
}

/** Request parts never logged: credentials, and the signature a webhook proves itself with. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'body.password',
  'body.refresh',
];
