import { open } from 'node:fs/promises';
import { ProcessFailedError, runBounded } from './bounded-run.js';
import type { PdfInspection } from './pdf-inspect.js';

/** The first bytes of a file on disk: enough to tell its type by content. */
export async function fileHead(file: string, bytes = 4100): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks a PDF on disk that is too large to load in the server (a deal document over 3 MB): poppler's
 * pdfinfo, in its own bounded process, must open it, find it unencrypted and count at least one page.
 * Without poppler a large PDF cannot be checked and is refused as damaged.
 */
export async function inspectPdfFile(file: string): Promise<PdfInspection> {
  try {
    const { stdout, stderr } = await runBounded('pdfinfo', [file], { timeoutMs: 60_000, memoryMb: 512 });
    if (/Syntax Error|Couldn't|damaged/i.test(stderr)) return { ok: false, problem: 'damaged' };
    if (/^Encrypted:\s+yes/m.test(stdout)) return { ok: false, problem: 'encrypted' };
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
    return pages >= 1 ? { ok: true, pageCount: pages } : { ok: false, problem: 'damaged' };
  } catch (err) {
    return err instanceof ProcessFailedError && /password|encrypt/i.test(err.stderr)
      ? { ok: false, problem: 'encrypted' }
      : { ok: false, problem: 'damaged' };
  }
}
