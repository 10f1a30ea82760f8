import { readSession } from './session-store';
import { refreshAccessToken } from './refresh-access-token';

function withBearer(init: RequestInit | undefined, token: string | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  return { ...init, headers };
}

/**
 * A 401 for the whole request, or, in a batch of queries answered 207, for one of them. Mutations
 * travel one per request (see the tRPC client), so a 207 only ever holds queries, which are safe to
 * send again as a whole.
 */
async function isUnauthorized(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 207) return false;
  try {
    const items = (await response.clone().json()) as Array<{ error?: { data?: { httpStatus?: number } } }>;
    return Array.isArray(items) && items.some((item) => item.error?.data?.httpStatus === 401);
  } catch {
    return false;
  }
}

/**
 * fetch for the tRPC links and the REST client (`send` is the transport: fetch, or one that reports
 * an upload's progress): sends the stored access token; on a 401 waits for the one shared refresh
 * and sends the request once more with the new token. When the refresh fails the original answer
 * goes back to the caller and the session is already cleared.
 */
export async function authFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
  send: typeof fetch = fetch,
): Promise<Response> {
  const token = readSession()?.access;
  const response = await send(input, withBearer(init, token));
  if (!token || !(await isUnauthorized(response))) return response;
  const fresh = await refreshAccessToken(token);
  if (!fresh) return response;
  return send(input, withBearer(init, fresh));
}
