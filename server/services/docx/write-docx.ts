import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  HeadingLevel,
  InsertedTextRun,
  Packer,
  Paragraph,
  type ParagraphChild,
  TextRun,
} from 'docx';
import { findQuote, type Located, type SourceParagraph, segmentsOf } from './locate-quote.js';

export type { SourceParagraph } from './locate-quote.js';

/** Who made a change or a comment, and when (ISO 8601, UTC). */
export interface Authored {
  author: string;
  at: string;
}

/** An agreed amendment: the quoted text is replaced by the wording, as one tracked change. */
export interface RedlineAmendment extends Authored {
  quote: string | null;
  /** The paragraph of the thread's clause, searched first for the quote. */
  paragraph?: number;
  wording: string;
}

/** An open thread: a Word comment at its quote, its replies as replies, its standing proposal suggested. */
export interface RedlineThread extends Authored {
  quote: string | null;
  /** The paragraph of the thread's clause, searched first for the quote. */
  paragraph?: number;
  text: string;
  replies: Array<Authored & { text: string }>;
  proposal: (Authored & { text: string }) | null;
}

export interface DocxContent {
  paragraphs: SourceParagraph[];
  amendments?: RedlineAmendment[];
  threads?: RedlineThread[];
}

/** The heading of the section that takes the amendments whose quote is not in the text. */
export const UNPLACED_AMENDMENTS_HEADING = 'Agreed amendments';
/** The heading of the section that takes the open threads whose quote is not in the text. */
export const UNPLACED_THREADS_HEADING = 'Open comments';

type MarkBody = { kind: 'amendment'; amendment: RedlineAmendment } | { kind: 'thread'; thread: RedlineThread };
type Mark = MarkBody & { at: Located };

/** Word wants whole seconds: "2026-11-27T13:05:00Z". */
const wordDate = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 4);

/**
 * Writes a DOCX of the document's paragraphs (number and heading in bold, then the text) with the
 * negotiation marked up: each agreed amendment a tracked deletion of its quote and insertion of its
 * wording, each open thread a comment on its quote with its replies, and its standing proposal a
 * tracked insertion after the quote. What cannot be placed (a quote not in the text, or overlapping
 * one already marked) goes into sections at the end, never dropped. With no amendments and no threads
 * it is the plain document. Everything is written through the `docx` library: no hand-made XML.
 */
export async function writeDocx(content: DocxContent): Promise<Buffer> {
  let revision = 1;
  let commentId = 0;
  const comments: ConstructorParameters<typeof Document>[0]['comments'] & object = { children: [] };
  const commentChildren = comments.children as Array<(typeof comments.children)[number]>;

  const marks = new Map<number, Mark[]>();
  const unplacedAmendments: RedlineAmendment[] = [];
  const unplacedThreads: RedlineThread[] = [];
  const place = (mark: MarkBody, quote: string | null, paragraph?: number): boolean => {
    const at = quote ? findQuote(content.paragraphs, quote, paragraph) : null;
    if (!at) return false;
    const list = marks.get(at.paragraph) ?? [];
    if (list.some((m) => at.start < m.at.end && m.at.start < at.end)) return false;
    list.push({ ...mark, at });
    marks.set(at.paragraph, list);
    return true;
  };
  for (const a of content.amendments ?? [])
    if (!place({ kind: 'amendment', amendment: a }, a.quote, a.paragraph)) unplacedAmendments.push(a);
  for (const t of content.threads ?? [])
    if (!place({ kind: 'thread', thread: t }, t.quote, t.paragraph)) unplacedThreads.push(t);

  const inserted = (text: string, by: Authored) =>
    new InsertedTextRun({ text, id: revision++, author: by.author, date: wordDate(by.at) });

  /** A thread's comment and its replies, each anchored over `anchored` runs. */
  const commented = (thread: RedlineThread, anchored: ParagraphChild[]): ParagraphChild[] => {
    const ids: number[] = [];
    const parent = commentId;
    for (const [i, c] of [thread, ...thread.replies].entries()) {
      const id = commentId++;
      ids.push(id);
      commentChildren.push({
        id,
        author: c.author,
        initials: initials(c.author),
        date: new Date(c.at),
        parentId: i === 0 ? undefined : parent,
        children: [new Paragraph(c.text)],
      });
    }
    return [
      ...ids.map((id) => new CommentRangeStart(id)),
      ...anchored,
      ...ids.map((id) => new CommentRangeEnd(id)),
      ...ids.map((id) => new TextRun({ children: [new CommentReference(id)] })),
      ...(thread.proposal ? [inserted(thread.proposal.text, thread.proposal)] : []),
    ];
  };

  const body: Paragraph[] = content.paragraphs.map((p, index) => {
    const segments = segmentsOf(p);
    /** The text between two places, one plain run per segment (bold kept). */
    const runs = (from: number, to: number): ParagraphChild[] =>
      segments.flatMap((s): ParagraphChild[] => {
        const a = Math.max(from, s.start);
        const b = Math.min(to, s.start + s.text.length);
        return a < b ? [new TextRun({ text: s.text.slice(a - s.start, b - s.start), bold: s.bold })] : [];
      });
    /** The text between two places as one tracked deletion: one change per amendment, as Word lists it. */
    const deleted = (from: number, to: number, by: Authored) =>
      new DeletedTextRun({
        text: segments
          .map((s) => s.text)
          .join('')
          .slice(from, to),
        bold: segments.every((s) => s.bold || s.start >= to || s.start + s.text.length <= from),
        id: revision++,
        author: by.author,
        date: wordDate(by.at),
      });
    const length = segments.reduce((n, s) => n + s.text.length, 0);
    const children: ParagraphChild[] = [];
    let pos = 0;
    for (const mark of (marks.get(index) ?? []).sort((x, y) => x.at.start - y.at.start)) {
      children.push(...runs(pos, mark.at.start));
      if (mark.kind === 'amendment') {
        children.push(deleted(mark.at.start, mark.at.end, mark.amendment));
        children.push(inserted(mark.amendment.wording, mark.amendment));
      } else {
        children.push(...commented(mark.thread, runs(mark.at.start, mark.at.end)));
      }
      pos = mark.at.end;
    }
    children.push(...runs(pos, length));
    return new Paragraph({ children, heading: p.title ? HeadingLevel.TITLE : undefined });
  });

  if (unplacedAmendments.length) {
    body.push(new Paragraph({ text: UNPLACED_AMENDMENTS_HEADING, heading: HeadingLevel.HEADING_1 }));
    for (const a of unplacedAmendments)
      body.push(
        new Paragraph({
          children: [
            ...(a.quote ? [new TextRun({ text: `In place of “${a.quote}”: `, italics: true })] : []),
            inserted(a.wording, a),
          ],
        }),
      );
  }
  if (unplacedThreads.length) {
    body.push(new Paragraph({ text: UNPLACED_THREADS_HEADING, heading: HeadingLevel.HEADING_1 }));
    for (const t of unplacedThreads)
      body.push(
        new Paragraph({
          children: commented(t, [
            new TextRun({ text: t.quote ? `“${t.quote}”` : 'On the whole document', italics: true }),
          ]),
        }),
      );
  }

  const doc = new Document({ comments, sections: [{ children: body }] });
  return Packer.toBuffer(doc);
}
