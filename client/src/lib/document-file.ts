import { MAX_PDF_BYTES, MAX_SOURCE_DOCUMENT_BYTES, UPLOAD_MESSAGES } from '@shared/uploads';

/** The document uploads of projects, NDAs and templates: PDF, DOC, DOCX or ODT. */
export const DOCUMENT_ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
};

const EXTENSIONS = ['pdf', 'doc', 'docx', 'odt'];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A word-processor file the server converts to PDF (it takes a few seconds). */
export function needsConversion(file: File | null | undefined): boolean {
  return !!file && extensionOf(file.name) !== 'pdf';
}

/** The spec's messages for a file the server would refuse, checked before it is sent; null when fine. */
export function documentProblem(file: File): string | null {
  const ext = extensionOf(file.name);
  if (!EXTENSIONS.includes(ext)) return UPLOAD_MESSAGES.wrongType;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (ext === 'pdf' && file.size > MAX_PDF_BYTES) return UPLOAD_MESSAGES.pdfTooLarge;
  if (file.size > MAX_SOURCE_DOCUMENT_BYTES) return UPLOAD_MESSAGES.sourceTooLarge;
  return null;
}

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
