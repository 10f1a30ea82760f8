import type { TemplateCreateInput } from '@shared/schemas/templates.js';
import { TEMPLATE_MESSAGES } from '@shared/schemas/templates.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplates } from '@server/policies/nda.js';
import { presentTemplate } from '@server/presenters/template.js';
import { documentClauses } from '@server/queries/ndas/document-clauses.js';
import { preparePdf } from '@server/services/documents.js';
import { renderFirstPage } from '@server/services/pdf-preview.js';
import { randomToken } from '@server/services/tokens.js';
import { keepDocumentSource } from '../ndas/keep-document-source.js';
import type { Upload } from '../ndas/store-nda-document.js';

/**
 * Adds an NDA template to the actor's company: the file becomes a checked PDF, its first page a PNG
 * preview, and its DOCX source is kept (keepDocumentSource).
 */
export async function createTemplate(
  core: Core,
  { actor, input, upload }: { actor: Actor; input: TemplateCreateInput; upload: Upload | null },
) {
  const companyId = authorizeTemplates(actor);
  if (!upload) throw AppError.fields('nda_source_invalid', { file: TEMPLATE_MESSAGES.file });
  const pdf = await preparePdf(core.converter, upload, 'file');
  const preview = await renderFirstPage(pdf.body, core.log);
  const clauses = await documentClauses(core, { fileSha256: pdf.sha256, pdf: pdf.body });
  await keepDocumentSource(core, {
    fileSha256: pdf.sha256,
    clauses,
    upload: { body: upload.body, format: pdf.format },
  });

  const stem = `templates/c${companyId}/${randomToken(12)}`;
  const fileKey = `${stem}.pdf`;
  const previewKey = preview ? `${stem}-preview.png` : null;
  await core.blobs.put(fileKey, pdf.body, 'application/pdf');
  try {
    if (previewKey && preview) await core.blobs.put(previewKey, preview, 'image/png');
    const row = await core.db
      .insertInto('ndaTemplates')
      .values({
        companyId,
        createdById: actor.user.id,
        name: input.name,
        fileKey,
        previewKey,
        uploadedSha256: pdf.uploadedSha256,
        pageCount: pdf.pageCount,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentTemplate(row, []);
  } catch (err) {
    await Promise.allSettled([core.blobs.delete(fileKey), previewKey ? core.blobs.delete(previewKey) : null]);
    throw err;
  }
}
