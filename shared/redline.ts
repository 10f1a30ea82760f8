import { z } from 'zod';
import type { ThreadDto, ThreadImport } from './dto.js';
import { extensionOf, type FileLike } from './schemas/documents.js';
import { MAX_SOURCE_DOCUMENT_BYTES } from './uploads.js';

/** The answers of a Word mark-up's import (POST /projects/nda/{id}/import_redline/). */
export const REDLINE_MESSAGES = {
  file: 'Upload the DOCX with your tracked changes and comments.',
  notDocx: 'This file is not a Word document (DOCX). Save it as .docx and upload it again.',
  tooLarge: 'Maximum file size exceeded. Please upload a document that is 10 MB or smaller.',
  unpacksTooLarge: 'This document unpacks to more data than the server reads.',
  macros: 'This document contains macros or ActiveX controls. Save it as a plain .docx without them.',
  entities: 'This document declares XML entities, which a Word document never needs. It is refused.',
  unrelated:
    'This document is not based on this NDA: too little of its text is in common with it. Upload a mark-up of this NDA.',
  groupOnly: 'Only a group’s NDA takes a mark-up.',
  quoteNotFound: 'The text it changes is not in this NDA.',
  noQuote: 'It is not anchored at any words of the document.',
  tooLong: 'It is longer than a thread takes (2000 characters of quote, 5000 of text or wording).',
  noText: 'The comment has no text.',
  alreadyImported: 'This mark-up has already been imported on this NDA: its threads are on the page.',
  nothingToImport: 'This mark-up has no tracked change or comment that matches the text of this NDA.',
} as const;

/** The opening text of a thread made from a tracked change (its proposal carries the wording). */
export const importedChangeText = (author: string, proposal: string | null) =>
  proposal
    ? `Tracked change by ${author} in the Word mark-up.`
    : `Tracked change by ${author} in the Word mark-up: delete the quoted words.`;

/** Below this share of the NDA's words found in the mark-up, it is not a mark-up of this NDA. */
export const MIN_COMMON_TEXT = 0.6;

export interface RedlinePreviewItem {
  kind: 'change' | 'comment';
  /** The NDA's words it is anchored at (the deleted text of a change). */
  quote: string;
  /** The wording a change proposes; null for a comment. */
  proposal: string | null;
  /** A comment's text; null for a change. */
  text: string | null;
  /** Who made it in Word. */
  author: string;
  clause: { key: string; number: string | null; heading: string | null } | null;
  /** Why it matches no text of the NDA; null when it does. */
  reason: string | null;
}

export interface RedlinePreview {
  /** The share of the NDA's words found in the mark-up, 0 to 1. */
  commonText: number;
  items: RedlinePreviewItem[];
}

/** What a confirmed import created: the preview, and the threads made from its matched items, in its order. */
export interface RedlineImportResult extends RedlinePreview {
  threads: ThreadDto[];
}

/**
 * The import's form: the file (its part is read apart, like every upload) and `confirm`, true to create
 * the threads; without it the call only previews.
 */
export const redlineImportInput = z.object({
  confirm: z.boolean({ error: 'Must be true or false.' }).optional().default(false),
});

/** The message for a mark-up the server would refuse by its name or size (its content is checked there), or null. */
export function markupFileProblem(file: FileLike): string | null {
  if (extensionOf(file.name) !== 'docx') return REDLINE_MESSAGES.notDocx;
  if (file.size === 0) return REDLINE_MESSAGES.file;
  if (file.size > MAX_SOURCE_DOCUMENT_BYTES) return REDLINE_MESSAGES.tooLarge;
  return null;
}

/** What a thread made from a Word mark-up says of where it came from, on both sides' cards. */
export function importedLabel(imported: ThreadImport): string {
  return imported.onBehalfOf
    ? `Imported from Word by ${imported.by} on behalf of ${imported.onBehalfOf}`
    : `Imported from Word by ${imported.by}`;
}
