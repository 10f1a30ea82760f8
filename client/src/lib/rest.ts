import { API_BASE } from '@shared/constants';
import type { ErrorBody } from '@shared/errors';
import { authFetch } from './auth-fetch';
import { RestError } from './errors';
import { fetchWithUploadProgress } from './fetch-with-upload-progress';

/**
 * The one HTTP client for the REST door (/api/v1), for what tRPC does not carry: multipart uploads,
 * PDF, image and CSV blobs, and the calls of the spec's contract that have no tRPC twin yet. Keys go
 * out in snake_case and come back in camelCase; the bearer token and its one refresh come from
 * authFetch. Failures throw a RestError, which the error helpers of lib/errors read.
 */

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [snakeCase(k), snakeKeys(v)]));
  }
  return value;
}

/** A path under /api/v1 (given with or without the prefix, as the DTOs' file URLs carry it) with its query. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(path.startsWith(API_BASE) ? path : `${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) url.searchParams.append(snakeCase(key), String(v));
  }
  return `${url.pathname}${url.search}`;
}

async function failure(response: Response): Promise<RestError> {
  let body: ErrorBody | undefined;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  return new RestError(response.status, body && typeof body === 'object' ? body : undefined);
}

interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A JSON body; its keys are sent in snake_case. */
  json?: unknown;
  /** A multipart body, sent as built. */
  form?: FormData;
  signal?: AbortSignal;
  /** Told, from 0 to 1, how much of the body has gone out (for large uploads). */
  onUploadProgress?: (fraction: number) => void;
  /** Lets the request outlive the page (sent as it is hidden or closed); its body must stay small. */
  keepalive?: boolean;
}

export async function restRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(snakeKeys(options.json));
  }
  let response: Response;
  try {
    const send = options.onUploadProgress ? fetchWithUploadProgress(options.onUploadProgress) : fetch;
    const init = { method, headers, body, signal: options.signal, keepalive: options.keepalive };
    response = await authFetch(apiUrl(path, options.query), init, send);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new RestError(0, { detail: 'The server cannot be reached. Check your connection and try again.' });
  }
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const restGet = <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
  restRequest<T>('GET', path, { query, signal });

/** A file the API serves (PDF, image, CSV) as a Blob. */
export async function restBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await authFetch(apiUrl(path), { signal });
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/** A large file read by parts as a viewer needs them: its size, its first part, and a reader for any other. */
export interface FileByParts {
  size: number;
  head: Uint8Array;
  /** Bytes `begin` up to `end` (excluded), of the same file as `head`. */
  read(begin: number, end: number): Promise<Uint8Array>;
}

/** The first part asked of a file that may be large; a file no larger comes whole. */
const FIRST_PART_BYTES = 1024 * 1024;

const FILE_REPLACED = 'This document was replaced while you were reading it. Close it and open it again.';

/**
 * A file the API serves by range (deal documents, up to 100 MB): one of a megabyte or less comes whole,
 * as restBlob gives it; a larger one as its first megabyte and a reader for the rest. Every part is of
 * the same file: a document replaced meanwhile (the ETag sent as If-Range no longer matches) fails the
 * read instead of mixing two files. `signal` cancels every request, the later parts' too.
 */
export async function restFileByParts(path: string, signal?: AbortSignal): Promise<Blob | FileByParts> {
  const url = apiUrl(path);
  const first = await authFetch(url, { signal, headers: { Range: `bytes=0-${FIRST_PART_BYTES - 1}` } });
  if (!first.ok) throw await failure(first);
  const size = Number(/\/(\d+)$/.exec(first.headers.get('Content-Range') ?? '')?.[1] ?? 0);
  const etag = first.headers.get('ETag');
  if (first.status !== 206 || !etag || size <= FIRST_PART_BYTES) return first.blob();
  return {
    size,
    head: new Uint8Array(await first.arrayBuffer()),
    async read(begin, end) {
      const headers = { Range: `bytes=${begin}-${end - 1}`, 'If-Range': etag };
      const response = await authFetch(url, { signal, headers });
      if (!response.ok) throw await failure(response);
      if (response.status !== 206) {
        await response.body?.cancel();
        throw new Error(FILE_REPLACED);
      }
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

/** The spec's page. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Multipart form data from fields (snake_case names; arrays repeat the field; null and undefined are left out). */
export function formData(
  fields: Record<string, string | number | boolean | Blob | File | null | undefined | Array<string | number>>,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    const name = snakeCase(key);
    if (Array.isArray(value)) value.forEach((v) => form.append(name, String(v)));
    else if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'file');
    else form.append(name, String(value));
  }
  return form;
}

/** Saves a blob under a file name through the browser's download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
