import type { PDFDocument } from 'pdf-lib';
import { ORIGINAL_TEXT_STANDS } from '@shared/negotiation.js';
import { type Fonts, MARGIN, MUTED, PageWriter } from './layout.js';
import { formatUtc } from './text.js';
import type { Amendment, SignedNdaInput } from './types.js';

export const AMENDMENTS_HEADING = 'Agreed amendments';

/** The schedule's opening: what the amendments are and which text binds. */
export const AMENDMENTS_OPENING =
  'The parties agreed the amendments in this schedule through NDA Workspace before signing. They form part ' +
  'of the agreement signed with this document and prevail over the text of the document they quote: agreed ' +
  'wording replaces the quoted text, and an agreed point governs how that text is read. An amendment that ' +
  'quotes no text is an additional term of the agreement. Where this schedule and the text of the document ' +
  'differ, this schedule prevails.';

export const NO_AMENDMENTS =
  'No amendments were agreed: the document is signed as sent, and its text stands without change.';

/** The schedule's word on the threads both parties rejected: they amend nothing. */
export function rejectedThreadsNote(numbers: number[]): string {
  const which =
    numbers.length === 1
      ? `Thread ${numbers[0]} was`
      : `Threads ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)} were`;
  return `${which} rejected by both parties and ${numbers.length === 1 ? 'is' : 'are'} not an amendment: where ${numbers.length === 1 ? 'it applies' : 'they apply'}, ${ORIGINAL_TEXT_STANDS.charAt(0).toLowerCase()}${ORIGINAL_TEXT_STANDS.slice(1)}`;
}

const pagesOf = (pages: number[]) =>
  pages.length === 0 ? 'no page marked' : `${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}`;

function agreedBy(amendment: Amendment): string {
  const parts = amendment.approvals.map((a) => `${a.who} for the ${a.role.toLowerCase()} on ${formatUtc(a.at)}`);
  return parts.length ? `Approved by ${parts.join(', and by ')}.` : 'Approved by both parties.';
}

/**
 * Appends the schedule of agreed amendments, between the document and the certificate: every thread
 * both parties approved, with its page, the text it quotes, the agreed wording and who approved it when.
 */
export function appendAmendments(doc: PDFDocument, fonts: Fonts, input: SignedNdaInput): void {
  const w = new PageWriter(doc, fonts, `${AMENDMENTS_HEADING} (continued)`);
  w.text(AMENDMENTS_HEADING, 18, fonts.bold);
  w.text(`Schedule to ${input.documentName} (document ID ${input.documentId})`, 10, fonts.regular, MUTED);
  w.gap(8);
  w.text(AMENDMENTS_OPENING, 10, fonts.regular);
  const rejected = input.threads.filter((t) => t.originalTextStands).map((t) => t.number);
  if (rejected.length) {
    w.gap(4);
    w.text(rejectedThreadsNote(rejected), 10, fonts.regular);
  }
  w.gap(10);
  if (input.preview?.openThreads)
    w.text(
      `Preview: ${input.preview.openThreads} thread(s) are still open and are not listed; only what both parties have agreed so far is.`,
      9,
      fonts.regular,
      MUTED,
    );
  if (input.amendments.length === 0) w.text(NO_AMENDMENTS, 10, fonts.regular);

  for (const [i, amendment] of input.amendments.entries()) {
    w.ensure(80);
    w.text(`Amendment ${i + 1} · ${pagesOf(amendment.pages)} · thread ${amendment.number}`, 11, fonts.bold);
    const x = MARGIN + 12;
    w.labelled(
      amendment.isPoint ? 'Text of the document it concerns' : 'Text of the document it replaces',
      amendment.quote ? `“${amendment.quote}”` : 'None quoted: an additional term.',
      9.5,
      x,
    );
    w.labelled(
      amendment.isPoint ? 'Agreed point' : 'Agreed wording',
      amendment.isPoint ? amendment.wording : `“${amendment.wording}”`,
      9.5,
      x,
    );
    w.text(agreedBy(amendment), 8.5, fonts.regular, MUTED, x);
    w.gap(10);
  }
}
