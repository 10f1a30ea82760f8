import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { refuseHostileInput } from '../untrusted-input.js';
import { refuseUnreadable } from './multipart.js';

/** An uploaded file written to a temporary file as it arrived, never held whole in memory. */
export interface StagedFile {
  path: string;
  size: number;
  filename: string;
  /** More bytes were sent than allowed; the file holds only the first ones. */
  tooLarge: boolean;
}

/**
 * Reads a multipart form whose one file part (`fileField`) may be large: its bytes go straight to a
 * temporary file, up to `maxFileBytes`. `use` gets the fields and the file; the file is removed after.
 * A body the parser cannot read is the caller's mistake: 400. A body that is not multipart (JSON, as
 * the other forms take it) carries fields only: `use` gets no file and answers for it.
 */
export async function withStagedForm<T>(
  req: FastifyRequest,
  { fileField, maxFileBytes }: { fileField: string; maxFileBytes: number },
  use: (form: { fields: Record<string, string | string[]>; file: StagedFile | null }) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) return use({ fields: textFields(req.body), file: null });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-'));
  try {
    const fields: Record<string, string | string[]> = {};
    let file: StagedFile | null = null;
    try {
      for await (const part of req.parts({
        limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== fileField || file) {
            part.file.resume();
            continue;
          }
          const target = path.join(dir, 'file');
          await pipeline(part.file, createWriteStream(target));
          const { size } = await fs.stat(target);
          if (part.filename || size)
            file = { path: target, size, filename: part.filename, tooLarge: part.file.truncated };
        } else {
          const value = String(part.value);
          const prior = fields[part.fieldname];
          fields[part.fieldname] = prior === undefined ? value : ([] as string[]).concat(prior, value);
        }
      }
    } catch (err) {
      refuseUnreadable(err);
    }
    refuseHostileInput(fields);
    if (file) refuseHostileInput({ [fileField]: file.filename });
    return await use({ fields, file });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The text fields of a body that is not multipart (a JSON object): what a form's fields can be. */
function textFields(body: unknown): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [key, value] of Object.entries(body))
    if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string')))
      fields[key] = value as string | string[];
  refuseHostileInput(fields);
  return fields;
}
