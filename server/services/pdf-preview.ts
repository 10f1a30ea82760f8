import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Bounds, runBounded } from './bounded-run.js';

/** The longer side of a preview image, in pixels. */
export const PREVIEW_SIZE = 400;

/**
 * One preview may take this long and this much memory: an ordinary first page renders in well under a
 * second, while a page built to be slow (millions of strokes) would otherwise hold a core for minutes.
 */
export const PREVIEW_BOUNDS: Bounds = { timeoutMs: 15_000, memoryMb: 768 };

let missingLogged = false;

/**
 * A PNG of a PDF's first page (poppler's pdftoppm, longer side PREVIEW_SIZE), or null when it cannot be
 * rendered: poppler-utils not installed (logged once) or a page poppler cannot draw, or not within
 * PREVIEW_BOUNDS (logged each time). pdftoppm runs in a process of its own, at a lower priority than
 * the server, so other users' requests stay fast meanwhile.
 */
export async function renderFirstPage(
  pdf: Buffer,
  log: FastifyBaseLogger,
  binary = 'pdftoppm',
  bounds: Bounds = PREVIEW_BOUNDS,
): Promise<Buffer | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'preview-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await fs.writeFile(input, pdf);
    await runBounded(
      binary,
      ['-png', '-f', '1', '-l', '1', '-scale-to', String(PREVIEW_SIZE), '-singlefile', input, path.join(dir, 'page')],
      { ...bounds, nice: 10 },
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
