import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { dealDocumentTooLarge, DEAL_DOCUMENT_MESSAGES } from '@shared/schemas/deal-documents.js';
import { MAX_PDF_BYTES, UPLOAD_MESSAGES } from '@shared/uploads.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import { preparePdf } from '@server/services/documents.js';
import { sniffMime } from '@server/services/file-sniff.js';
import { fileHead, inspectPdfFile } from '@server/services/pdf-file-check.js';
import { randomToken } from '@server/services/tokens.js';

/** An upload the door wrote to a temporary file as it arrived (rest/staged-upload.ts). */
export interface StagedUpload {
  path: string;
  size: number;
  filename: string;
  tooLarge: boolean;
}

const fail = (message: string, kind: 'bad_request' | 'payload_too_large' = 'bad_request') =>
  AppError.fields(kind === 'payload_too_large' ? 'payload_too_large' : 'upload_invalid', { file: message }, kind);

/**
 * Checks a deal document by its content and stores it; answers its blob key and size. Up to 3 MB (a
 * PDF) or a word-processor file: the usual checks and a clean copy (preparePdf). A larger PDF, up to
 * DEAL_DOCUMENT_MAX_MB, is never loaded whole: poppler checks the file on disk in its own process and it
 * is streamed to the blob store (a multipart upload on S3) as uploaded.
 */
export async function storeDealDocumentFile(
  core: Core,
  { projectId, upload }: { projectId: number; upload: StagedUpload | null },
): Promise<{ key: string; size: number }> {
  if (!upload) throw AppError.fields('upload_invalid', { file: DEAL_DOCUMENT_MESSAGES.uploadFile });
  const maxBytes = core.config.dealDocumentMaxBytes;
  if (upload.tooLarge || upload.size > maxBytes)
    throw fail(dealDocumentTooLarge(Math.floor(maxBytes / (1024 * 1024))), 'payload_too_large');
  if (upload.size === 0) throw fail(UPLOAD_MESSAGES.empty);
  const key = `projects/p${projectId}/document-${randomToken(12)}.pdf`;
  const mime = await sniffMime(await fileHead(upload.path));
  if (mime === 'application/pdf' && upload.size > MAX_PDF_BYTES) {
    const inspection = await inspectPdfFile(upload.path);
    if (!inspection.ok)
      throw fail(inspection.problem === 'encrypted' ? UPLOAD_MESSAGES.encrypted : UPLOAD_MESSAGES.damaged);
    await core.blobs.putStream(key, createReadStream(upload.path), 'application/pdf');
    return { key, size: upload.size };
  }
  // Small enough to check and clean in memory; preparePdf refuses word files over 10 MB unread.
  const tooLargeToRead = upload.size > 10 * MAX_PDF_BYTES;
  const body = tooLargeToRead ? await fileHead(upload.path) : await fs.readFile(upload.path);
  const pdf = await preparePdf(core.converter, { body, tooLarge: tooLargeToRead }, 'file');
  await core.blobs.put(key, pdf.body, 'application/pdf');
  return { key, size: pdf.body.length };
}
