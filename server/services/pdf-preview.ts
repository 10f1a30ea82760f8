import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';

const run = promisify(execFile);

/** The longer side of a preview image, in pixels. */
export const PREVIEW_SIZE = 400;

let missingLogged = false;

/**
 * A PNG of a PDF's first page (poppler's pdftoppm, longer side PREVIEW_SIZE), or null when it cannot be
 * rendered: poppler-utils not installed (logged once) or a page poppler cannot draw (logged each time).
 */
export async function renderFirstPage(
  pdf: Buffer,
  log: FastifyBaseLogger,
  binary = 'pdftoppm',
): Promise<Buffer | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'preview-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await fs.writeFile(input, pdf);
    await run(
      binary,
      ['-png', '-f', '1', '-l', '1', '-scale-to', String(PREVIEW_SIZE), '-singlefile', input, path.join(dir, 'page')],
      { timeout: 30_000 },
    );
    return await fs.readFile(path.join(dir, 'page.png'));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' && String(e.syscall).startsWith('spawn')) {
      if (!missingLogged) log.warn(`${binary} (poppler-utils) is not installed: template previews are not rendered`);
      missingLogged = true;
    } else {
      log.warn({ err }, 'could not render a PDF preview');
    }
    return null;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
