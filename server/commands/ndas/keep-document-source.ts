import type { DocumentClause } from '@shared/clause-split.js';
import type { Core } from '@server/core.js';
import type { DocumentSourcesTable } from '@server/db/schema.js';
import { DOCX_TYPE } from '@server/services/docx/docx-type.js';
import { clauseParagraphs } from '@server/services/docx/clause-paragraphs.js';
import { writeDocx } from '@server/services/docx/write-docx.js';
import type { PreparedPdf } from '@server/services/documents.js';
import { readZipDirectory } from '@server/services/zip-inspect.js';

/** A macro project (vbaProject.bin) or ActiveX part: a DOCX carrying one is not kept as uploaded. */
const ACTIVE_PART = /(^|\/)(vbaProject\.bin|vbaData\.xml|activeX\/)/i;

/**
 * Keeps the DOCX source of a stored document beside its review PDF, once per document (by the PDF's
 * SHA-256, so a group's copy of the project NDA and an NDA made from a template reach it too): a DOCX
 * upload as it came (unless it carries macros or ActiveX parts), a DOC or ODT converted to DOCX, and
 * otherwise (a PDF upload, a converter that writes no DOCX, a failed conversion) a DOCX built from
 * the clauses: their numbers, headings and text. Runs before any transaction: it may convert.
 */
export async function keepDocumentSource(
  core: Core,
  doc: {
    fileSha256: string;
    clauses: readonly DocumentClause[];
    upload?: { body: Buffer; format: PreparedPdf['format'] };
  },
): Promise<DocumentSourcesTable['origin']> {
  const stored = await core.db
    .selectFrom('documentSources')
    .select('origin')
    .where('fileSha256', '=', doc.fileSha256)
    .executeTakeFirst();
  if (stored) return stored.origin;
  let source: { body: Buffer; origin: DocumentSourcesTable['origin'] } | null = null;
  const upload = doc.upload;
  if (upload?.format === 'docx' && !(readZipDirectory(upload.body) ?? []).some((e) => ACTIVE_PART.test(e.name)))
    source = { body: upload.body, origin: 'uploaded' };
  else if (upload?.format === 'doc' || upload?.format === 'odt') {
    const converted = await core.converter.toDocx(upload.body, upload.format).catch((err: unknown) => {
      core.log.warn({ err }, 'the DOCX source could not be converted; it is built from the clauses');
      return null;
    });
    if (converted) source = { body: converted, origin: 'converted' };
  }
  source ??= { body: await writeDocx({ paragraphs: clauseParagraphs(doc.clauses) }), origin: 'built' };
  const blobKey = `sources/${doc.fileSha256}.docx`;
  await core.blobs.put(blobKey, source.body, DOCX_TYPE);
  await core.db
    .insertInto('documentSources')
    .values({ fileSha256: doc.fileSha256, blobKey, origin: source.origin })
    .onConflict((oc) => oc.column('fileSha256').doNothing())
    .execute();
  return source.origin;
}
