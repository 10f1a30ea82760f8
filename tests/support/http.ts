import { API_BASE } from '@shared/constants.js';
import type { TestApp } from './app.js';

/** What the helpers need of a running app: startTestApp's answer, or buildApp's plus its config. */
export type Harness = Pick<TestApp, 'app' | 'core' | 'config'>;

/** Calls through the two doors (REST under /api/v1 and tRPC) with inject, answering status and JSON. */

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

type Headers = Record<string, string>;

export function authHeader(access: string): { authorization: string } {
  return { authorization: `Bearer ${access}` };
}

function parse(body: string): any {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** POST a JSON body to a REST path under /api/v1. */
export async function post<T = any>(
  t: Harness,
  path: string,
  payload?: unknown,
  headers: Headers = {},
  remoteAddress?: string,
): Promise<ApiResponse<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${path}`,
    payload: payload as object | undefined,
    headers,
    remoteAddress,
  });
  return { status: res.statusCode, body: parse(res.body), headers: res.headers };
}

export async function get<T = any>(t: Harness, path: string, headers: Headers = {}): Promise<ApiResponse<T>> {
  const res = await t.app.inject({ method: 'GET', url: `${API_BASE}${path}`, headers });
  return { status: res.statusCode, body: parse(res.body), headers: res.headers };
}

/** A tRPC error as the server formats it: the REST error body travels in data.body. */
export interface TrpcError {
  message: string;
  code: number;
  data: { code: string; httpStatus: number; body: Record<string, unknown> };
}

export interface TrpcResponse<T = any> {
  status: number;
  data?: T;
  error?: TrpcError;
}

function trpcResult<T>(statusCode: number, body: string): TrpcResponse<T> {
  const json = parse(body);
  return { status: statusCode, data: json?.result?.data, error: json?.error };
}

/** A tRPC mutation: POST /trpc/<path> with the input as the JSON body, as @trpc/client sends it. */
export async function trpcMutation<T = any>(
  t: Harness,
  path: string,
  input?: unknown,
  headers: Headers = {},
): Promise<TrpcResponse<T>> {
  const payload = input === undefined ? '' : JSON.stringify(input);
  const res = await t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return trpcResult<T>(res.statusCode, res.body);
}

/** A tRPC query: GET /trpc/<path>[?input=<json>]. */
export async function trpcQuery<T = any>(
  t: Harness,
  path: string,
  input?: unknown,
  headers: Headers = {},
): Promise<TrpcResponse<T>> {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}${qs}`, headers });
  return trpcResult<T>(res.statusCode, res.body);
}
