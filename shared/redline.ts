import { z } from 'zod';

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
} as const;

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

/** The import's form: the file only (its part is read apart, like every upload). */
export const redlineImportInput = z.object({});
