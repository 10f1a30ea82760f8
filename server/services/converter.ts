import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Turns a word-processor document (doc, docx, odt) into a PDF, or says it cannot. */
export interface DocumentConverter {
  isAvailable(): Promise<boolean>;
  toPdf(body: Buffer, extension: 'doc' | 'docx' | 'odt'): Promise<Buffer>;
}

/**
 * LibreOffice in headless mode. One conversion at a time: soffice keeps a per-profile lock, and two
 * at once on two cores only slow each other down.
 */
export class SofficeConverter implements DocumentConverter {
  private queue: Promise<unknown> = Promise.resolve();
  private availability: Promise<boolean> | null = null;
  constructor(private readonly binary: string) {}

  /** Asked once, on first use: starting soffice costs a second or two. */
  isAvailable(): Promise<boolean> {
    this.availability ??= run(this.binary, ['--version'], { timeout: 30_000 }).then(
      () => true,
      () => false,
    );
    return this.availability;
  }

  toPdf(body: Buffer, extension: 'doc' | 'docx' | 'odt'): Promise<Buffer> {
    const job = this.queue.then(() => this.convert(body, extension));
    this.queue = job.catch(() => undefined);
    return job;
  }

  private async convert(body: Buffer, extension: string): Promise<Buffer> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'soffice-'));
    try {
      const input = path.join(dir, `document.${extension}`);
      await fs.writeFile(input, body);
      await run(
        this.binary,
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
        { timeout: 90_000 },
      );
      return await fs.readFile(path.join(dir, 'document.pdf'));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}

/** A Gotenberg service (its LibreOffice route), for deployments without LibreOffice in the app image. */
export class GotenbergConverter implements DocumentConverter {
  constructor(private readonly baseUrl: string) {}

  async isAvailable(): Promise<boolean> {
    return true;
  }

  async toPdf(body: Buffer, extension: 'doc' | 'docx' | 'odt'): Promise<Buffer> {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(body)]), `document.${extension}`);
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/forms/libreoffice/convert`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(90_000),
    });
    if (!res.ok) throw new Error(`Gotenberg answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
}

export function createConverter(options: { gotenbergUrl?: string; sofficePath?: string }): DocumentConverter {
  if (options.gotenbergUrl) return new GotenbergConverter(options.gotenbergUrl);
  return new SofficeConverter(options.sofficePath ?? 'soffice');
}
