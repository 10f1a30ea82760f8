import { sha256 } from './tokens.js';
import { MAX_PDF_BYTES, MAX_PDF_PAGES, MAX_SOURCE_DOCUMENT_BYTES, UPLOAD_MESSAGES } from '@shared/uploads.js';
import { AppError } from '../errors.js';
import { ConversionTimeoutError, type DocumentConverter } from './converter.js';
import { sniffMime } from './file-sniff.js';
import { cleanPdf } from './pdf-clean.js';
import { inspectPdf } from './pdf-inspect.js';
import { pdfStreamsWithinLimits } from './pdf-streams.js';
import { checkZipBudget } from './zip-inspect.js';

export interface PreparedPdf {
  /** The clean copy: what is stored, previewed, reviewed and signed. */
  body: Buffer;
  pageCount: number;
  /** The SHA-256 of the clean copy. */
  sha256: string;
  /** The SHA-256 of the file as uploaded. */
  uploadedSha256: string;
  /** What was uploaded: a PDF, or the word-processor format converted (its source, kept beside the PDF). */
  format: 'pdf' | 'doc' | 'docx' | 'odt';
}

const OFFICE: Record<string, 'doc' | 'docx' | 'odt'> = {
  'application/x-cfb': 'doc',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
};

/**
 * Turns an uploaded document into a checked PDF: the type is read from the bytes, word-processor
 * files are converted, and the PDF must be at most 3 MB, not encrypted and not damaged. `field` names
 * the form field the messages belong to. Bombs are refused before the costly work: an archive (DOCX,
 * ODT) that unpacks to too much before LibreOffice sees it, a PDF whose streams expand to too much
 * before any PDF reader does; the conversion itself is bounded in time and memory. The PDF is then
 * rewritten without scripts, actions, embedded files and unreferenced objects (cleanPdf), and that
 * clean copy is what the caller stores; a PDF hiding text in optional content turned off is refused.
 */
export async function preparePdf(
  converter: DocumentConverter,
  upload: { body: Buffer; tooLarge: boolean },
  field = 'file',
): Promise<PreparedPdf> {
  const fail = (message: string, code: 'bad_request' | 'payload_too_large' = 'bad_request') =>
    AppError.fields(code === 'payload_too_large' ? 'payload_too_large' : 'upload_invalid', { [field]: message }, code);
  if (upload.body.length === 0) throw fail(UPLOAD_MESSAGES.empty);
  const mime = await sniffMime(upload.body);
  let pdf: Buffer;
  let format: PreparedPdf['format'] = 'pdf';
  if (mime === 'application/pdf') {
    if (upload.tooLarge || upload.body.length > MAX_PDF_BYTES)
      throw fail(UPLOAD_MESSAGES.pdfTooLarge, 'payload_too_large');
    pdf = upload.body;
  } else if (mime && OFFICE[mime]) {
    if (upload.tooLarge || upload.body.length > MAX_SOURCE_DOCUMENT_BYTES)
      throw fail(UPLOAD_MESSAGES.sourceTooLarge, 'payload_too_large');
    const extension = OFFICE[mime]!;
    format = extension;
    if (extension !== 'doc') {
      const problem = await checkZipBudget(upload.body);
      if (problem)
        throw fail(problem === 'too_large' ? UPLOAD_MESSAGES.unpacksTooLarge : UPLOAD_MESSAGES.conversionFailed);
    }
    if (!(await converter.isAvailable())) throw fail(UPLOAD_MESSAGES.noConverter);
    try {
      pdf = await converter.toPdf(upload.body, extension);
    } catch (err) {
      throw fail(
        err instanceof ConversionTimeoutError ? UPLOAD_MESSAGES.conversionTooSlow : UPLOAD_MESSAGES.conversionFailed,
      );
    }
    if (pdf.length > MAX_PDF_BYTES) throw fail(UPLOAD_MESSAGES.pdfTooLarge, 'payload_too_large');
  } else {
    throw fail(UPLOAD_MESSAGES.wrongType);
  }
  if (!(await pdfStreamsWithinLimits(pdf))) throw fail(UPLOAD_MESSAGES.pdfTooComplex);
  const inspection = await inspectPdf(pdf);
  if (!inspection.ok)
    throw fail(inspection.problem === 'encrypted' ? UPLOAD_MESSAGES.encrypted : UPLOAD_MESSAGES.damaged);
  if (inspection.pageCount > MAX_PDF_PAGES) throw fail(UPLOAD_MESSAGES.tooManyPages);
  const cleaned = await cleanPdf(pdf).catch(() => null);
  if (!cleaned) throw fail(UPLOAD_MESSAGES.damaged);
  if (!cleaned.ok) throw AppError.fields('upload_hidden_content', { [field]: UPLOAD_MESSAGES.hiddenContent });
  return {
    body: cleaned.body,
    pageCount: inspection.pageCount,
    sha256: sha256(cleaned.body),
    uploadedSha256: sha256(upload.body),
    format,
  };
}
