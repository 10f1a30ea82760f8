import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { ProcessFailedError, runBounded } from './bounded-run.js';

export type PdfProblem = 'encrypted' | 'damaged';
export type PdfInspection = { ok: true; pageCount: number } | { ok: false; problem: PdfProblem };

/**
 * Checks that a PDF opens cleanly: not encrypted, structurally sound, at least one page. pdf-lib is
 * lenient and repairs some damage silently, so poppler's stricter parser (pdfinfo) has the last word.
 */
export async function inspectPdf(body: Buffer): Promise<PdfInspection> {
  let pageCount: number;
  try {
    const doc = await quietly(() => PDFDocument.load(body, { updateMetadata: false }));
    pageCount = doc.getPageCount();
  } catch (err) {
    return {
      ok: false,
      problem:
        err instanceof EncryptedPDFError || /encrypted/i.test(String((err as Error).message)) ? 'encrypted' : 'damaged',
    };
  }
  if (pageCount < 1) return { ok: false, problem: 'damaged' };
  const poppler = await popplerCheck(body);
  if (poppler) return { ok: false, problem: poppler };
  return { ok: true, pageCount };
}

async function popplerCheck(body: Buffer): Promise<PdfProblem | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdfinfo-'));
  const file = path.join(dir, 'in.pdf');
  try {
    await fs.writeFile(file, body);
    const { stderr } = await runBounded('pdfinfo', [file], { timeoutMs: 20_000, memoryMb: 512 });
    return /Syntax Error|Couldn't|damaged/i.test(stderr) ? 'damaged' : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null; // poppler-utils not installed: pdf-lib's check stands alone
    return err instanceof ProcessFailedError && /password|encrypt/i.test(err.stderr) ? 'encrypted' : 'damaged';
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** pdf-lib reports recoverable parse problems on console.warn; they are not ours to print. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  const log = console.log;
  console.warn = () => {};
  console.log = () => {};
  try {
    return await fn();
  } finally {
    console.warn = warn;
    console.log = log;
  }
}
