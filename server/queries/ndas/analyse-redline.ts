import crypto from 'node:crypto';
import type { DocumentClause } from '@shared/clause-split.js';
import { MAX_SOURCE_DOCUMENT_BYTES } from '@shared/uploads.js';
import { MIN_COMMON_TEXT, REDLINE_MESSAGES, type RedlinePreview, type RedlinePreviewItem } from '@shared/redline.js';
import { MAX_PROPOSAL, MAX_QUOTE } from '@shared/schemas/threads.js';
import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { clauseParagraphs } from '@server/services/docx/clause-paragraphs.js';
import { findQuote, paragraphHolding, segmentsOf } from '@server/services/docx/locate-quote.js';
import { type DocxProblem, openDocx } from '@server/services/docx/open-docx.js';
import { readMarkup } from '@server/services/docx/read-markup.js';
import { documentClauses } from './document-clauses.js';

const PROBLEMS: Record<DocxProblem, string> = {
  not_docx: REDLINE_MESSAGES.notDocx,
  too_large: REDLINE_MESSAGES.unpacksTooLarge,
  macros: REDLINE_MESSAGES.macros,
  entities: REDLINE_MESSAGES.entities,
};

/** The longest text a thread or a reply takes (shared/schemas/threads.ts). */
const MAX_TEXT = 5000;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The share of the NDA's words (counted with repeats) that the mark-up's text has too. */
function commonShare(clauses: readonly DocumentClause[], original: string): number {
  const have = new Map<string, number>();
  for (const w of wordsOf(original)) have.set(w, (have.get(w) ?? 0) + 1);
  const wanted = clauseParagraphs(clauses).flatMap((p) => wordsOf([p.number, p.heading, p.text].join(' ')));
  if (!wanted.length) return 0;
  let common = 0;
  for (const w of wanted) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      common++;
      have.set(w, n - 1);
    }
  }
  return common / wanted.length;
}

/** A preview item that matches the NDA's text: the clause it falls in and how far through that clause. */
export interface AnchoredItem {
  item: RedlinePreviewItem;
  clause: DocumentClause;
  /** Where the quote starts, as a share (0 to 1) of the clause's text. */
  share: number;
}

export interface RedlineAnalysis extends RedlinePreview {
  anchored: AnchoredItem[];
  /** The uploaded file's SHA-256: the same mark-up is imported once per NDA. */
  fileSha256: string;
}

/**
 * What a Word mark-up of a group's NDA holds, against the NDA's text: each tracked change (merged within a
 * sentence) with the clause holding its deleted text, each comment with the clause of its words, and what
 * matches no text of the NDA, or would not fit a thread, with the reason. The file gets the upload rules:
 * the size cap, the zip-bomb check, no macros or ActiveX, no DTD or entities; one that is not a mark-up of
 * this NDA (too little text in common) is refused. Reads the NDA's clauses: never inside a transaction.
 */
export async function analyseRedline(
  core: Core,
  nda: Pick<NdaRow, 'fileSha256' | 'fileKey'>,
  upload: { body: Buffer; tooLarge: boolean } | null,
): Promise<RedlineAnalysis> {
  if (!upload || upload.body.length === 0) throw AppError.fields('upload_invalid', { file: REDLINE_MESSAGES.file });
  if (upload.tooLarge || upload.body.length > MAX_SOURCE_DOCUMENT_BYTES)
    throw AppError.fields('payload_too_large', { file: REDLINE_MESSAGES.tooLarge }, 'payload_too_large');
  const opened = await openDocx(upload.body);
  if (!opened.ok) throw AppError.fields('upload_invalid', { file: PROBLEMS[opened.problem] });
  const markup = readMarkup(opened.parts);
  const clauses = await documentClauses(core, { fileSha256: nda.fileSha256, fileKey: nda.fileKey });
  const commonText = commonShare(clauses, markup.original);
  if (commonText < MIN_COMMON_TEXT) throw AppError.fields('redline_unrelated', { file: REDLINE_MESSAGES.unrelated });

  const paragraphs = clauseParagraphs(clauses);
  const anchored: AnchoredItem[] = [];
  const anchor = (item: Omit<RedlinePreviewItem, 'clause' | 'reason'>, context: string): RedlinePreviewItem => {
    const unmatched = (reason: string) => ({ ...item, clause: null, reason });
    if (!item.quote) return unmatched(REDLINE_MESSAGES.noQuote);
    const at = findQuote(paragraphs, item.quote, paragraphHolding(paragraphs, context));
    if (!at) return unmatched(REDLINE_MESSAGES.quoteNotFound);
    if (item.kind === 'comment' && !item.text?.trim()) return unmatched(REDLINE_MESSAGES.noText);
    if (
      item.quote.length > MAX_QUOTE ||
      (item.proposal ?? '').length > MAX_PROPOSAL ||
      (item.text ?? '').length > MAX_TEXT
    )
      return unmatched(REDLINE_MESSAGES.tooLong);
    const clause = clauses[at.paragraph]!;
    const whole = segmentsOf(paragraphs[at.paragraph]!).reduce((n, s) => n + s.text.length, 0);
    const found = {
      ...item,
      clause: { key: clause.key, number: clause.number, heading: clause.heading },
      reason: null,
    };
    anchored.push({ item: found, clause, share: whole ? at.start / whole : 0 });
    return found;
  };
  const items: RedlinePreviewItem[] = [
    ...markup.changes.map((c) =>
      anchor({ kind: 'change', quote: c.quote, proposal: c.proposal, text: null, author: c.author }, c.context),
    ),
    ...markup.comments.map((c) =>
      anchor({ kind: 'comment', quote: c.quote, proposal: null, text: c.text, author: c.author }, c.context),
    ),
  ];
  return {
    commonText: Math.round(commonText * 1000) / 1000,
    items,
    anchored,
    fileSha256: crypto.createHash('sha256').update(upload.body).digest('hex'),
  };
}
