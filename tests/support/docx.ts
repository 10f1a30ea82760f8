import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countElements, readZip } from './zip-read.js';

/** Whether LibreOffice is installed. */
export const HAS_SOFFICE = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * `soffice --headless --convert-to pdf` over a document, with a profile of its own: the exit status,
 * what it wrote to stderr, and the PDF (null when none was written).
 */
export function sofficeToPdf(
  body: Buffer,
  extension = 'docx',
): { status: number | null; stderr: string; pdf: Buffer | null } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soffice-test-'));
  try {
    const input = path.join(dir, `document.${extension}`);
    fs.writeFileSync(input, body);
    const out = spawnSync(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        input,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const pdfFile = path.join(dir, 'document.pdf');
    return { status: out.status, stderr: out.stderr, pdf: fs.existsSync(pdfFile) ? fs.readFileSync(pdfFile) : null };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
