import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { onPath } from '../../scripts/on-path.mjs';
import { countElements, readZip } from './zip-read.js';

const run = promisify(execFile);

/** Whether LibreOffice is installed. */
export const HAS_SOFFICE = onPath('soffice');

/**
 * `soffice --headless --convert-to <target>` over a document, with a profile of its own: the exit
 * status, what it wrote to stderr, and the converted file (null when none was written). It runs
 * beside the test's event loop, which keeps serving the app under test meanwhile.
 */
export async function sofficeConvert(
  body: Buffer,
  extension: string,
  target: string,
): Promise<{ status: number | null; stderr: string; file: Buffer | null }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soffice-test-'));
  try {
    const input = path.join(dir, `document.${extension}`);
    fs.writeFileSync(input, body);
    const out = await run(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--norestore',
        '--convert-to',
        target,
        '--outdir',
        path.join(dir, 'out'),
        input,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    ).then(
      ({ stderr }) => ({ status: 0, stderr }),
      (err: { code?: number | string; stderr?: string; message: string }) => ({
        status: typeof err.code === 'number' ? err.code : null,
        stderr: err.stderr || err.message,
      }),
    );
    const written = path.join(dir, 'out', `document.${target.split(':')[0]}`);
    return { ...out, file: fs.existsSync(written) ? fs.readFileSync(written) : null };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `soffice --headless --convert-to pdf` over a document (sofficeConvert). */
export async function sofficeToPdf(
  body: Buffer,
  extension = 'docx',
): Promise<{ status: number | null; stderr: string; pdf: Buffer | null }> {
  const { file, ...rest } = await sofficeConvert(body, extension, 'pdf');
  return { ...rest, pdf: file };
}

/** A DOCX's parts as text, by name. */
export function docxParts(docx: Buffer): Map<string, string> {
  return new Map([...readZip(docx)].map(([name, data]) => [name, data.toString('utf8')]));
}

/** The tracked changes and comments of a DOCX, counted by element. */
export function docxCounts(docx: Buffer): { ins: number; del: number; comments: number } {
  const parts = docxParts(docx);
  const document = parts.get('word/document.xml') ?? '';
  return {
    ins: countElements(document, 'w:ins'),
    del: countElements(document, 'w:del'),
    comments: countElements(parts.get('word/comments.xml') ?? '', 'w:comment'),
  };
}

/** The letters and digits of a text, lower-cased: what two renderings of one text share. */
export const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The words of a text, lower-cased, letters and digits only. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The words one text has that the other has not, counted (a multiset difference both ways): two
 * renderings of one document differ only by what the layout adds, such as page numbers.
 */
export function wordDifference(a: string, b: string): { onlyInA: string[]; onlyInB: string[] } {
  const count = (words: string[]) => {
    const m = new Map<string, number>();
    for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  };
  const [ca, cb] = [count(wordsOf(a)), count(wordsOf(b))];
  const only = (x: Map<string, number>, y: Map<string, number>) =>
    [...x].flatMap(([w, n]) => Array<string>(Math.max(0, n - (y.get(w) ?? 0))).fill(w));
  return { onlyInA: only(ca, cb), onlyInB: only(cb, ca) };
}
