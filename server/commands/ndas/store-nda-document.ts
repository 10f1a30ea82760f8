import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import type { ProjectRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplate } from '@server/policies/nda.js';
import { documentClauses } from '@server/queries/ndas/document-clauses.js';
import { preparePdf } from '@server/services/documents.js';
import { randomToken, sha256 } from '@server/services/tokens.js';
import { keepDocumentSource } from './keep-document-source.js';

/** An uploaded document as a form carries it (rest/multipart.ts UploadedFile fits). */
export interface Upload {
  body: Buffer;
  tooLarge: boolean;
  filename?: string;
}

export interface NdaDocument {
  fileKey: string;
  /** The SHA-256 of the clean copy stored. */
  fileSha256: string;
  /** The SHA-256 of the file as uploaded (of the template's upload, for a template's copy). */
  uploadedSha256: string | null;
  pageCount: number;
  templateId: number | null;
}

export interface NdaSource {
  template?: number;
  upload: Upload | null;
}

/**
 * Stores the document of a new or edited NDA as a blob of its own, before any transaction: an uploaded
 * file checked and converted to PDF, or a copy of a template of the project's company, with its clauses
 * split and kept (documentClauses) and its DOCX source kept beside it (keepDocumentSource). The caller
 * deletes the blob when its transaction fails.
 */
export async function storeNdaDocument(
  core: Core,
  { actor, project, ...source }: { actor: Actor; project: Pick<ProjectRow, 'id' | 'companyId'> } & NdaSource,
): Promise<NdaDocument> {
  if (source.template !== undefined && source.upload)
    throw AppError.nonField('nda_source_invalid', NDA_MESSAGES.bothSources);
  const fileKey = `ndas/p${project.id}/${randomToken(12)}.pdf`;
  if (source.upload) {
    const pdf = await preparePdf(core.converter, source.upload, 'file');
    await core.blobs.put(fileKey, pdf.body, 'application/pdf');
    const clauses = await documentClauses(core, { fileSha256: pdf.sha256, pdf: pdf.body });
    await keepDocumentSource(core, {
      fileSha256: pdf.sha256,
      clauses,
      upload: { body: source.upload.body, format: pdf.format },
    });
    return {
      fileKey,
      fileSha256: pdf.sha256,
      uploadedSha256: pdf.uploadedSha256,
      pageCount: pdf.pageCount,
      templateId: null,
    };
  }
  if (source.template === undefined) throw AppError.nonField('nda_source_invalid', NDA_MESSAGES.source);
  const template = await authorizeTemplate(core.db, actor, source.template).catch((err) => {
    if (err instanceof AppError && err.kind === 'not_found')
      throw AppError.fields('nda_source_invalid', { template: NDA_MESSAGES.template });
    throw err;
  });
  if (template.companyId !== project.companyId)
    throw AppError.fields('nda_source_invalid', { template: NDA_MESSAGES.template });
  const blob = await core.blobs.get(template.fileKey);
  if (!blob) throw new Error(`template ${template.id} has no file`);
  await core.blobs.put(fileKey, blob.body, 'application/pdf');
  const sha = sha256(blob.body);
  // The template's source, kept when it was uploaded (or built from its clauses for an older template).
  await keepDocumentSource(core, {
    fileSha256: sha,
    clauses: await documentClauses(core, { fileSha256: sha, pdf: blob.body }),
  });
  return {
    fileKey,
    fileSha256: sha,
    uploadedSha256: template.uploadedSha256,
    pageCount: template.pageCount,
    templateId: template.id,
  };
}
