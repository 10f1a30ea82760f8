import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@server/db/connect.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-claim-db-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('an embedded database directory', () => {
  // Creating an embedded database (initdb in WebAssembly) takes seconds, and many more on a busy machine.
  it('opens in one process at a time, and again once closed', { timeout: 120_000 }, async () => {
    const dir = path.join(root, 'pglite');
    const first = await connectDatabase({ pgliteDir: dir });
    await expect(connectDatabase({ pgliteDir: dir })).rejects.toThrow(/is open in another process/);
    // The refusal left the first one working.
    expect((await sql<{ n: number }>`select 1 as n`.execute(first)).rows[0]!.n).toBe(1);
    await first.destroy();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    const again = await connectDatabase({ pgliteDir: dir });
    expect((await sql<{ n: number }>`select 2 as n`.execute(again)).rows[0]!.n).toBe(2);
    await again.destroy();
  });
});
