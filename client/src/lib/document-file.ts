import { extensionOf } from '@shared/schemas/documents';

/** The document uploads of projects, NDAs and templates: PDF, DOC, DOCX or ODT. */
export const DOCUMENT_ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
};

/** A word-processor file the server converts to PDF (it takes a few seconds). */
export function needsConversion(file: File | null | undefined): boolean {
  return !!file && extensionOf(file.name) !== 'pdf';
}

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
