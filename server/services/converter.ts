import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Bounds, ProcessTimeoutError, runBounded } from './bounded-run.js';

const run = promisify(execFile);

/** A conversion that ran past its time and was stopped. */
export class ConversionTimeoutError extends Error {}

/**
 * How long and how much memory one conversion may take. A real NDA converts in 3 to 10 s and well under
 * the memory cap; the limits stop a hostile document from holding the (single) queue or the machine.
 */
export const CONVERSION_BOUNDS: Bounds = { timeoutMs: 60_000, memoryMb: 1536 };

/** Turns a word-processor document (doc, docx, odt) into a PDF, or says it cannot. */
export interface DocumentConverter {
  isAvailable(): Promise<boolean>;
  toPdf(body: Buffer, extension: 'doc' | 'docx' | 'odt'): Promise<Buffer>;
  /** A DOC or ODT as DOCX, or null when this converter cannot write DOCX. */
  toDocx(body: Buffer, extension: 'doc' | 'odt'): Promise<Buffer | null>;
}

/**
 * Whether each soffice binary runs, asked once per process: starting soffice costs a second or two,
 * and what is installed does not change while the process runs.
 */
const availability = new Map<string, Promise<boolean>>();

/**
 * LibreOffice in headless mode. One conversion at a time: soffice keeps a per-profile lock, and two
 * at once on two cores only slow each other down.
 */
export class SofficeConverter implements DocumentConverter {
  private queue: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly binary: string,
    private readonly bounds: Bounds = CONVERSION_BOUNDS,
  ) {}

  isAvailable(): Promise<boolean> {
    let known = availability.get(this.binary);
    if (!known) {
      known = run(this.binary, ['--version'], { timeout: 30_000 }).then(
        () => true,
        () => false,
      );
      availability.set(this.binary, known);
    }
    return known;
  }

  toPdf(body: Buffer, extension: 'doc' | 'docx' | 'odt'): Promise<Buffer> {
    return this.enqueue(body, extension, 'pdf');
  }

  toDocx(body: Buffer, extension: 'doc' | 'odt'): Promise<Buffer | null> {
    return this.enqueue(body, extension, 'docx');
  }

  private enqueue(body: Buffer, extension: string, target: 'pdf' | 'docx'): Promise<Buffer> {
    const job = this.queue.then(() => this.convert(body, extension, target));
    this.queue = job.catch(() => undefined);
    return job;
  }

  private async convert(body: Buffer, extension: string, target: 'pdf' | 'docx'): Promise<Buffer> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'soffice-'));
    try {
      const input = path.join(dir, `document.${extension}`);
      await fs.writeFile(input, body);
      await runBounded(
        this.binary,
        [
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--headless',
          '--norestore',
          '--convert-to',
          target === 'pdf' ? 'pdf' : 'docx:MS Word 2007 XML',
          '--outdir',
          dir,
          input,
        ],
        this.bounds,
      );
      return await fs.readFile(path.join(dir, `document.${target}`));
    } catch (err) {
      if (err instanceof ProcessTimeoutError) throw new ConversionTimeoutError(err.message);
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}

/** A Gotenberg service (its LibreOffice route), for deployments without LibreOffice in the app image. */
export class GotenbergConverter implements DocumentConverter {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = CONVERSION_BOUNDS.timeoutMs,
  ) {}

  async isAvailable(): Promise<boolean> {
    return true;
  }

  async toPdf(body: Buffer, extension: 'doc' | 'docx' | 'odt'): Promise<Buffer> {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(body)]), `document.${extension}`);
    try {
      const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/forms/libreoffice/convert`, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`Gotenberg answered ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new ConversionTimeoutError('Gotenberg did not answer in time');
      throw err;
    }
  }

  /** Gotenberg's LibreOffice route writes PDF only: the caller builds the DOCX from the document's text. */
  async toDocx(): Promise<Buffer | null> {
    return null;
  }
}

export function createConverter(options: { gotenbergUrl?: string; sofficePath?: string }): DocumentConverter {
  if (options.gotenbergUrl) return new GotenbergConverter(options.gotenbergUrl);
  return new SofficeConverter(options.sofficePath ?? 'soffice');
}
