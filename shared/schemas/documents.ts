import { z } from 'zod';
import { MAX_PDF_BYTES, MAX_SOURCE_DOCUMENT_BYTES, UPLOAD_MESSAGES } from '../uploads.js';

/** What the browser knows of a chosen file (a File or a Blob with a name) before it is sent. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'odt'] as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<FileLike>;
  return typeof v.name === 'string' && typeof v.size === 'number';
}

/**
 * A document upload (NDA, template, teaser, CIM) as the server will judge it: its type by extension,
 * not empty, a PDF up to 3 MB and a word-processor file up to 10 MB. The server checks the content too.
 */
export const documentFile = z.custom<FileLike>(isFileLike, UPLOAD_MESSAGES.uploadFile).superRefine((file, ctx) => {
  const ext = extensionOf(file.name);
  const problem = !(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)
    ? UPLOAD_MESSAGES.wrongType
    : file.size === 0
      ? UPLOAD_MESSAGES.empty
      : ext === 'pdf' && file.size > MAX_PDF_BYTES
        ? UPLOAD_MESSAGES.pdfTooLarge
        : file.size > MAX_SOURCE_DOCUMENT_BYTES
          ? UPLOAD_MESSAGES.sourceTooLarge
          : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A document a form cannot do without: `missing` when none is chosen (the spec's 'upload a file for …'). */
export function requiredDocument(missing: string) {
  return z.custom<FileLike>((v) => v !== null && v !== undefined, missing).pipe(documentFile);
}

/** An optional document: none, or one the rules above accept. */
export const optionalDocument = documentFile.nullable();

/** The message for a file the server would refuse, or null when it may be sent. */
export function documentFileProblem(file: FileLike): string | null {
  const result = documentFile.safeParse(file);
  return result.success ? null : result.error.issues[0]!.message;
}
