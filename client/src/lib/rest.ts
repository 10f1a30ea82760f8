import { API_BASE } from '@shared/constants';
import type { ErrorBody } from '@shared/errors';
import { authFetch } from '../features/auth/api/auth-fetch';
import { RestError } from './rest-error';

export { RestError };

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A call to the REST surface (`/api/v1` + path) with the bearer token and the shared 401 refresh and
 * replay: for what tRPC does not carry (multipart uploads, image blobs). Answers the parsed JSON, or
 * throws a RestError (a network failure throws as fetch does).
 */
export async function restJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await authFetch(`${API_BASE}${path}`, init);
  const body = await readBody(response);
  if (!response.ok)
    throw new RestError(response.status, body && typeof body === 'object' ? (body as ErrorBody) : undefined);
  return body as T;
}

/** A file from the REST surface, fetched with the bearer token (an <img src> could not send it). */
export async function restBlob(url: string, init?: RequestInit): Promise<Blob> {
  const response = await authFetch(url, init);
  if (!response.ok) throw new RestError(response.status, undefined);
  return response.blob();
}
