import type { DocumentClause } from '@shared/clause-split.js';
import { MAX_SOURCE_DOCUMENT_BYTES } from '@shared/uploads.js';
import { MIN_COMMON_TEXT, REDLINE_MESSAGES, type RedlinePreview, type RedlinePreviewItem } from '@shared/redline.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { clauseParagraphs } from '@server/services/docx/clause-paragraphs.js';
import { findQuote } from '@server/services/docx/locate-quote.js';
import { type DocxProblem, openDocx } from '@server/services/docx/open-docx.js';
import { readMarkup } from '@server/services/docx/read-markup.js';
import { documentClauses } from './document-clauses.js';

const PROBLEMS: Record<DocxProblem, string> = {
  not_docx: REDLINE_MESSAGES.notDocx,
  too_large: REDLINE_MESSAGES.unpacksTooLarge,
  macros: REDLINE_MESSAGES.macros,
  entities: REDLINE_MESSAGES.entities,
};

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

/**
 * What a Word mark-up of a group's NDA would become (POST /projects/nda/{id}/import_redline/), without
 * creating anything: each tracked change (merged within a sentence) as a proposal on the clause holding
 * its deleted text, each comment as a thread at its words, and what matches no text of the NDA listed
 * with the reason. For whoever may see the NDA (404 otherwise). The file gets the upload rules: the size
 * cap, the zip-bomb check, no macros or ActiveX, no DTD or entities; a file that is not a mark-up of this
 * NDA (too little text in common) is refused. All refusals are 4xx with a reason code.
 */
export async function previewRedlineImport(
  core: Core,
  { actor, ndaId, upload }: { actor: Actor; ndaId: number; upload: { body: Buffer; tooLarge: boolean } | null },
): Promise<RedlinePreview> {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'view');
  if (nda.projectBranchId === null) throw AppError.nonField('redline_unavailable', REDLINE_MESSAGES.groupOnly);
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
  const anchor = (quote: string): Pick<RedlinePreviewItem, 'clause' | 'reason'> => {
    if (!quote) return { clause: null, reason: REDLINE_MESSAGES.noQuote };
    const at = findQuote(paragraphs, quote);
    if (!at) return { clause: null, reason: REDLINE_MESSAGES.quoteNotFound };
    const { key, number, heading } = clauses[at.paragraph]!;
    return { clause: { key, number, heading }, reason: null };
  };
  const items: RedlinePreviewItem[] = [
    ...markup.changes.map((c) => ({
      kind: 'change' as const,
      quote: c.quote,
      proposal: c.proposal,
      text: null,
      author: c.author,
      ...anchor(c.quote),
    })),
    ...markup.comments.map((c) => ({
      kind: 'comment' as const,
      quote: c.quote,
      proposal: null,
      text: c.text,
      author: c.author,
      ...anchor(c.quote),
    })),
  ];
  return { commonText: Math.round(commonText * 1000) / 1000, items };
}
