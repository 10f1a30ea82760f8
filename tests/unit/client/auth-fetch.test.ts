import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser bits the session store uses, for Node. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const user = { id: 1, email: 'a@example.com', firstName: 'A', lastName: 'B' };
const session = (access: string, refresh: string) => JSON.stringify({ access, refresh, user });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const unauthorized = () =>
  json(401, {
    error: {
      message: 'Token is expired',
      code: -32001,
      data: { httpStatus: 401, body: { detail: 'Token is expired' } },
    },
  });

/** A server whose current access token is `valid`; refresh answers after `gate` opens. */
function fakeServer(opts: { valid: string; refreshStatus?: number }) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('auth.refresh')) {
      calls.push('refresh');
      await gate;
      if (opts.refreshStatus)
        return json(opts.refreshStatus, {
          error: {
            message: 'Refresh Token expired',
            code: -32001,
            data: { httpStatus: opts.refreshStatus, body: { detail: 'Refresh Token expired' } },
          },
        });
      return json(200, { result: { data: { access: opts.valid, refresh: 'R2' } } });
    }
    const auth = new Headers(init?.headers).get('authorization');
    calls.push(`call ${auth}`);
    return auth === `Bearer ${opts.valid}` ? json(200, [{ result: { data: 'ok' } }]) : unauthorized();
  });
  return { fetch, calls, open };
}

describe('authFetch', () => {
  let storage: MemoryStorage;

  beforeEach(() => {
    vi.resetModules();
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function load(server: ReturnType<typeof fakeServer>) {
    vi.stubGlobal('fetch', server.fetch);
    return import('@client/lib/auth-fetch');
  }

  it('refreshes once for concurrent 401s and replays each request with the new token', async () => {
    storage.setItem('nda.session', session('A1', 'R1'));
    const server = fakeServer({ valid: 'A2' });
    const { authFetch } = await load(server);
    const pending = Promise.all([authFetch('/trpc/a'), authFetch('/trpc/b'), authFetch('/trpc/c')]);
    await vi.waitFor(() => expect(server.calls.filter((c) => c === 'refresh')).toHaveLength(1));
    server.open();
    const responses = await pending;
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(server.calls.filter((c) => c === 'refresh')).toHaveLength(1);
    expect(JSON.parse(storage.getItem('nda.session')!)).toMatchObject({ access: 'A2', refresh: 'R2' });
  });

  it('uses the token another tab already rotated instead of presenting the refresh token again', async () => {
    storage.setItem('nda.session', session('A1', 'R1'));
    const server = fakeServer({ valid: 'A2' });
    server.fetch.mockImplementationOnce(async () => {
      storage.setItem('nda.session', session('A2', 'R2')); // the other tab finished its refresh meanwhile
      return unauthorized();
    });
    const { authFetch } = await load(server);
    const response = await authFetch('/trpc/a');
    expect(response.status).toBe(200);
    expect(server.calls).not.toContain('refresh');
  });

  it('replays a batch of queries when one of them was refused (207)', async () => {
    storage.setItem('nda.session', session('A1', 'R1'));
    const server = fakeServer({ valid: 'A2' });
    server.fetch.mockImplementationOnce(async () =>
      json(207, [{ result: { data: 1 } }, { error: { data: { httpStatus: 401 } } }]),
    );
    server.open();
    const { authFetch } = await load(server);
    const response = await authFetch('/trpc/a,b?batch=1');
    expect(response.status).toBe(200);
    expect(server.calls.filter((c) => c === 'refresh')).toHaveLength(1);
  });

  it('signs out when the refresh token is refused and hands back the original 401', async () => {
    storage.setItem('nda.session', session('A1', 'R1'));
    const server = fakeServer({ valid: 'A2', refreshStatus: 401 });
    server.open();
    const { authFetch } = await load(server);
    const [first, second] = await Promise.all([authFetch('/trpc/a'), authFetch('/trpc/b')]);
    expect([first.status, second.status]).toEqual([401, 401]);
    expect(server.calls.filter((c) => c === 'refresh')).toHaveLength(1);
    expect(storage.getItem('nda.session')).toBeNull();
  });

  it('does not try to refresh without a session', async () => {
    const server = fakeServer({ valid: 'A2' });
    const { authFetch } = await load(server);
    expect((await authFetch('/trpc/a')).status).toBe(401);
    expect(server.calls).toEqual(['call null']);
  });
});
