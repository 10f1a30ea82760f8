import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_SIZE, MAX_SIGNATURE_BYTES, MAX_SIGNATURE_SIZE } from '@shared/schemas/account.js';
import { ProcessFailedError, ProcessTimeoutError, runBounded } from '@server/services/bounded-run.js';
import { ConversionTimeoutError, SofficeConverter } from '@server/services/converter.js';
import { imageProblem, imageSize } from '@server/services/image-header.js';
import { measurePdfStreams, pdfStreamsWithinLimits } from '@server/services/pdf-streams.js';
import { checkZipBudget, readZipDirectory } from '@server/services/zip-inspect.js';
import { fixture, jpegBytes, pngBytes } from '@tests/support/account-area.js';
import {
  docxBomb,
  jpegDeclaring,
  pdfContentBomb,
  pngBomb,
  pngDeclaring,
  smallDocx,
  smallPdfBuilt,
} from '@tests/support/bombs.js';
import { signaturePng } from '@tests/support/signature-png.js';

// The checks that refuse upload bombs by what they declare before the costly work, and the bounds on
// the programs that do that work. The bombs are built here (tests/support/bombs.ts).

const MB = 1024 * 1024;

describe('word-processor archives (DOCX, ODT) are weighed before LibreOffice sees them', () => {
  it('real documents pass', async () => {
    for (const file of ['ndas/mutual-nda.docx', 'ndas/mutual-nda.odt'])
      expect(await checkZipBudget(fixture(file))).toBeNull();
    expect(await checkZipBudget(smallDocx())).toBeNull();
  });

  it('a DOCX whose document.xml unpacks to 300 MB is refused by its declared size', async () => {
    const bomb = docxBomb(300);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const document = readZipDirectory(bomb)!.find((e) => e.name === 'word/document.xml')!;
    expect(document.size).toBeGreaterThan(300 * MB);
    expect(await checkZipBudget(bomb)).toBe('too_large');
  });

  it('an archive that declares 1 MB but unpacks to 50 MB is refused once unpacking passes 1 MB', async () => {
    expect(await checkZipBudget(docxBomb(50, 1))).toBe('too_large');
  });

  it('bytes that are no archive, or a cut one, are not a zip', async () => {
    expect(await checkZipBudget(Buffer.from('not a zip at all'))).toBe('not_a_zip');
    const docx = fixture('ndas/mutual-nda.docx');
    expect(await checkZipBudget(Buffer.concat([docx.subarray(0, 1000), docx.subarray(docx.length - 200)]))).toBe(
      'not_a_zip',
    );
  });
});

describe('pictures are measured by their headers before anything decodes them', () => {
  it('reads PNG and JPEG sizes', () => {
    expect(imageSize(pngBytes(40, 14))).toEqual({ width: 40, height: 14 });
    expect(imageSize(signaturePng())).toEqual({ width: 400, height: 140 });
    expect(imageSize(jpegBytes())).toEqual({ width: 8, height: 8 });
    expect(imageSize(pngDeclaring(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 });
    expect(imageSize(jpegDeclaring(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 });
    expect(imageSize(Buffer.from('GIF89a'))).toBeNull();
  });

  it('what the signature pad saves passes; a declared 20000 x 20000 does not', async () => {
    expect(await imageProblem(signaturePng(400, 140), MAX_SIGNATURE_SIZE, { decoded: true })).toBeNull();
    expect(await imageProblem(signaturePng(400, 80), MAX_SIGNATURE_SIZE, { decoded: true })).toBeNull();
    expect(await imageProblem(pngDeclaring(20_000, 20_000), MAX_SIGNATURE_SIZE, { decoded: true })).toBe('too_large');
    expect(await imageProblem(jpegDeclaring(20_000, 20_000), MAX_AVATAR_SIZE)).toBe('too_large');
    expect(await imageProblem(jpegDeclaring(4032, 3024), MAX_AVATAR_SIZE)).toBeNull();
  });

  it('a 390 KB PNG of 10000 x 10000 pixels is refused by its header', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(MAX_SIGNATURE_BYTES);
    expect(await imageProblem(bomb, MAX_SIGNATURE_SIZE, { decoded: true })).toBe('too_large');
  });

  it('a PNG that declares 400 x 140 but whose pixel data unpacks to 300 MB is unreadable', async () => {
    expect(await imageProblem(pngBomb(400, 140, 300), MAX_SIGNATURE_SIZE, { decoded: true })).toBe('unreadable');
  });
});

describe('PDF streams are weighed before any PDF reader opens the file', () => {
  it('every real fixture is within the limits', async () => {
    for (const file of fs.readdirSync(path.join('tests', 'fixtures', 'pdfs')))
      expect(await pdfStreamsWithinLimits(fixture(`pdfs/${file}`)), file).toBe(true);
    expect(await pdfStreamsWithinLimits(fixture('ndas/mutual-nda.pdf'))).toBe(true);
    expect(await pdfStreamsWithinLimits(smallPdfBuilt())).toBe(true);
  });

  it('a page whose content stream unpacks to 200 MB of strokes is not, and counting stops early', async () => {
    const bomb = pdfContentBomb(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await pdfStreamsWithinLimits(bomb)).toBe(false);
    const stats = await measurePdfStreams(bomb);
    expect(stats.drawingBytes).toBeLessThan(20 * MB);
  });
});

describe('programs that read uploads run with a deadline and a memory cap', () => {
  it('at the deadline the program and everything it started are killed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bounded-'));
    const pidFile = path.join(dir, 'helper.pid');
    // The helper would sleep far beyond the test's own time: that it is gone means it was killed.
    await expect(
      runBounded('/bin/sh', ['-c', `sleep 600 & echo $! > ${pidFile}; wait`], { timeoutMs: 500, memoryMb: 256 }),
    ).rejects.toBeInstanceOf(ProcessTimeoutError);
    const helper = Number(fs.readFileSync(pidFile, 'utf8'));
    expect(isAlive(helper)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a program that wants more memory than its cap fails instead of growing', async () => {
    await expect(
      runBounded('perl', ['-e', '$x = "a" x (600 * 1024 * 1024); print length $x'], {
        timeoutMs: 20_000,
        memoryMb: 200,
      }),
    ).rejects.toBeInstanceOf(ProcessFailedError);
    const { stdout } = await runBounded('perl', ['-e', 'print 6 * 7'], { timeoutMs: 20_000, memoryMb: 200 });
    expect(stdout).toBe('42');
  });

  it('a missing program rejects with ENOENT, as a failed spawn does', async () => {
    await expect(runBounded('no-such-program-here', [], { timeoutMs: 5_000, memoryMb: 64 })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('a conversion past its deadline is stopped with its helpers and says so', async () => {
    // A stand-in for soffice: a script that starts a helper (as soffice starts soffice.bin) and hangs.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-soffice-'));
    const binary = path.join(dir, 'soffice');
    const pidFile = path.join(dir, 'helper.pid');
    fs.writeFileSync(binary, `#!/bin/sh\nsleep 30 &\necho $! > ${pidFile}\nwait\n`, { mode: 0o755 });
    const converter = new SofficeConverter(binary, { timeoutMs: 500, memoryMb: 256 });
    await expect(converter.toPdf(smallDocx(), 'docx')).rejects.toBeInstanceOf(ConversionTimeoutError);
    expect(isAlive(Number(fs.readFileSync(pidFile, 'utf8')))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

/** Whether a process still runs (a killed one not yet reaped is a zombie: it runs no more). */
function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
