import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_SOURCE_DOCUMENT_BYTES } from '@shared/uploads.js';
import { AppError, fromZodError } from '../errors.js';
import { refuseHostileInput } from '../untrusted-input.js';
import { restInput } from './input.js';

export interface UploadedFile {
  field: string;
  filename: string;
  body: Buffer;
  /** More bytes were sent than maxFileBytes allows; body holds only the first ones. */
  tooLarge: boolean;
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a multipart form; oversize files are flagged (not thrown) so each caller answers its own message.
 * A body the parser cannot read (no boundary, a cut-off part, a broken header) is the caller's mistake: 400.
 */
export async function readMultipart(req: FastifyRequest, maxFileBytes: number): Promise<MultipartBody> {
  const fields: MultipartBody['fields'] = {};
  const files: MultipartBody['files'] = {};
  let parts = 0;
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxFileBytes, files: 5, fields: 50, fieldSize: 64 * 1024 },
    })) {
      parts += 1;
      if (part.type === 'file') {
        const body = await part.toBuffer();
        files[part.fieldname] = { field: part.fieldname, filename: part.filename, body, tooLarge: part.file.truncated };
      } else {
        const value = String(part.value);
        const prior = fields[part.fieldname];
        fields[part.fieldname] = prior === undefined ? value : ([] as string[]).concat(prior, value);
      }
    }
  } catch (err) {
    refuseUnreadable(err);
  }
  if (parts === 0 && holdsMoreThanAnEmptyForm(req)) refuseUnreadable(new Error('no readable part'));
  // Field names and values, and file names, reach the database.
  refuseHostileInput(fields);
  refuseHostileInput(Object.fromEntries(Object.values(files).map((f) => [f.field, f.filename])));
  return { fields, files };
}

/**
 * Whether the body is longer than a form with no part (its closing delimiter and line breaks). The
 * parser skips, without a word, a part whose headers it cannot read (no Content-Disposition): a body
 * that held parts and yielded none is unreadable, not an empty form that changes nothing.
 */
function holdsMoreThanAnEmptyForm(req: FastifyRequest): boolean {
  const length = Number(req.headers['content-length']);
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(req.headers['content-type'] ?? '');
  const name = boundary?.[1] ?? boundary?.[2];
  return Number.isFinite(length) && !!name && length > `--${name}--\r\n`.length + 4;
}

/**
 * A form's raw fields and its file parts named in `fileFields`: multipart, or JSON (fields only). A file
 * part with no name and no bytes (a form's empty file input) counts as no file.
 */
export async function readFormFiles<F extends string>(
  req: FastifyRequest,
  fileFields: readonly F[],
): Promise<{ raw: unknown; files: Partial<Record<F, UploadedFile>> }> {
  if (!req.isMultipart()) return { raw: req.body ?? {}, files: {} };
  const form = await readMultipart(req, MAX_SOURCE_DOCUMENT_BYTES);
  const files: Partial<Record<F, UploadedFile>> = {};
  for (const field of fileFields) {
    const part = form.files[field];
    if (part && (part.filename || part.body.length)) files[field] = part;
  }
  return { raw: form.fields, files };
}

/** A document form (fields and one file under `file`), validated with `schema`. */
export async function readDocumentForm<S extends z.ZodObject>(
  req: FastifyRequest,
  schema: S,
): Promise<{ fields: z.output<S>; file: UploadedFile | null }> {
  const { raw, files } = await readFormFiles(req, ['file']);
  const parsed = restInput(schema).safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  return { fields: parsed.data, file: files.file ?? null };
}

/**
 * What a failure while reading a multipart body answers: the plugin's own refusals (limits, content
 * type) and ours keep their 4xx; the parser's errors carry none and are the caller's mistake, 400.
 */
export function refuseUnreadable(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || (status && status >= 400 && status < 500)) throw err;
  throw AppError.detail('bad_request', 'malformed_request', 'Malformed request.');
}
