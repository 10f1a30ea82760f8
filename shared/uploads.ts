/** Upload rules for documents (NDA, template, teaser, CIM). */
export const MAX_PDF_BYTES = 3 * 1024 * 1024;
/** Word-processor files may be larger than the PDF they become; the PDF limit applies after conversion. */
export const MAX_SOURCE_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** More pages than any NDA has: each is stamped when the NDA is signed. */
export const MAX_PDF_PAGES = 500;
export const ACCEPTED_DOCUMENTS = '.pdf,.doc,.docx,.odt';

export const UPLOAD_MESSAGES = {
  pdfTooLarge: 'Maximum file size exceeded. Please upload a PDF file that is 3 MB or smaller.',
  sourceTooLarge: 'Maximum file size exceeded. Please upload a document that is 10 MB or smaller.',
  wrongType: 'Unsupported file type. Upload a PDF, DOC, DOCX or ODT file.',
  encrypted: 'This PDF is password-protected. Remove the password and upload it again.',
  damaged: 'This PDF is damaged and cannot be opened. Export it again and upload the new file.',
  empty: 'The submitted file is empty.',
  noConverter: 'Word documents cannot be converted on this server right now. Please upload a PDF.',
  conversionFailed: 'This document could not be converted to PDF. Please upload a PDF.',
  conversionTooSlow: 'This document took too long to convert to PDF. Please upload a PDF.',
  unpacksTooLarge: 'This document unpacks to more data than the server converts. Please upload a PDF.',
  pdfTooComplex: 'This PDF holds more drawing data than the app can display. Export it again and upload the new file.',
  tooManyPages: 'This PDF has more than 500 pages. Please upload a shorter document.',
  hiddenContent:
    'This PDF has hidden layers (optional content turned off), so readers may show different text. Make every layer visible or flatten the document, then upload it again.',
  uploadFile: 'upload a file',
} as const;
